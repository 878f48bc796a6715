// SPDX-License-Identifier: MIT
#pragma once

// A scratch schema in the tests' throwaway PostgreSQL cluster (scripts/pg-cluster, started by ctest's `postgres`
// fixture): every test gets an empty database of its own without the cost of CREATE DATABASE, and parallel tests
// never see each other's rows. The cluster's URI comes from QUIZBOT_TEST_PG; without it the test fails (it is never
// skipped).

#include "storage/postgres/connection.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace quiz::test {

/// The cluster's base URI (postgresql:///postgres?host=DIR&user=postgres).
inline std::string pg_cluster_uri()
{
    const char* uri = std::getenv("QUIZBOT_TEST_PG");
    if (uri == nullptr || *uri == '\0') {
        throw std::runtime_error("QUIZBOT_TEST_PG is not set: run the PostgreSQL tests through ctest (its `postgres` "
                                 "fixture starts a throwaway cluster) or set it to a cluster's URI");
    }
    return uri;
}

/// An empty schema, dropped with everything in it when the scratch goes.
class pg_scratch {
public:
    pg_scratch() : name_("t" + std::to_string(::getpid()) + "_" + std::to_string(next_number()))
    {
        storage::postgres::connection admin(pg_cluster_uri());
        admin.exec("DROP SCHEMA IF EXISTS " + name_ + " CASCADE; CREATE SCHEMA " + name_);
    }
    ~pg_scratch()
    {
        try {
            storage::postgres::connection admin(pg_cluster_uri());
            admin.exec("DROP SCHEMA IF EXISTS " + name_ + " CASCADE");
        } catch (const std::exception&) {
            // the cluster went away first: it is thrown away at the end of the run anyway
        }
    }
    pg_scratch(const pg_scratch&) = delete;
    pg_scratch& operator=(const pg_scratch&) = delete;

    [[nodiscard]] const std::string& schema() const noexcept { return name_; }
    /// A URI whose connections see this schema first (search_path).
    [[nodiscard]] std::string uri() const
    {
        const std::string base = pg_cluster_uri();
        return base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + name_;
    }

private:
    static int next_number()
    {
        static std::atomic<int> count{0};
        return ++count;
    }
    std::string name_;
};

} // namespace quiz::test
