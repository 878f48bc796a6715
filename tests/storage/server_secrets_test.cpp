// SPDX-License-Identifier: MIT
#include "storage/database.hpp"
#include "storage/server_secrets.hpp"
#include "tests/storage/temp_folder.hpp"

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>

#include <string>

namespace storage_server_secrets_test {

TEST_CASE("server secrets: generated on first use, kept in the database, the same for every connection", "[storage]")
{
    const quiz::storage::test::temp_folder folder;
    const auto path = folder.file("quizbot.db");
    const std::string first_key("first-key-\0with-a-zero-byte-and-more", 36); // keys are bytes, not text
    int generated = 0;
    const auto make = [&](std::string key) {
        return [&generated, key] {
            ++generated;
            return key;
        };
    };
    {
        auto db = quiz::storage::open_database(path);
        CHECK(quiz::storage::server_secret(db, "report_links", make(first_key), 1000) == first_key);
        CHECK(generated == 1);
    }
    auto again = quiz::storage::open_database(path);
    CHECK(quiz::storage::server_secret(again, "report_links", make("a second key that must not win"), 2000) ==
          first_key);
    CHECK(generated == 1); // kept: nothing new was made
    CHECK(again.execAndGet("SELECT created_at_ms FROM server_secret WHERE name = 'report_links'").getInt64() == 1000);
    // Another name is another key.
    CHECK(quiz::storage::server_secret(again, "other", make("another key"), 3000) == "another key");
    CHECK(generated == 2);
}

} // namespace storage_server_secrets_test
