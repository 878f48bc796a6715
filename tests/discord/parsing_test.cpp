// SPDX-License-Identifier: MIT
// The interaction parser, button ids, signature checks (with an OpenSSL key made here; the independent tweetnacl
// signer is signature_matrix.mjs) and the message limits.
#include "bot/discord/command_set.hpp"
#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/discord/signature.hpp"
#include "support/screens.hpp"
#include "tests/discord/support/signer.hpp"

#include <catch2/catch.hpp>

namespace {

using namespace quiz::bot::discord;

} // namespace

TEST_CASE("interaction parser: commands in DMs and servers, clicks with their message", "[discord]")
{
    const auto dm = parse_interaction(
        R"({"type":2,"id":"11","application_id":"22","token":"tok","locale":"fr","context":1,)"
        R"("user":{"id":"33","username":"nelly","global_name":"Nelly"},)"
        R"("data":{"name":"quiz","options":[{"name":"start","type":1,"options":[{"name":"pack","type":3,"value":"p"}]}]}})");
    REQUIRE(dm.value);
    CHECK(dm.value->type == interaction_type::application_command);
    CHECK(dm.value->user_id == "33");
    CHECK(dm.value->user_name == "Nelly");
    CHECK_FALSE(dm.value->in_guild());
    CHECK(dm.value->command->subcommand == "start");
    CHECK(dm.value->command->option("pack") == "p");
    CHECK_FALSE(dm.value->command->option("concept"));

    const auto guild = parse_interaction(
        R"({"type":3,"id":"11","application_id":"22","token":"tok","guild_id":"44","context":0,)"
        R"("member":{"user":{"id":"55","username":"bob"},"permissions":"8"},)"
        R"("message":{"id":"66","content":"Q?","components":[{"type":1,"components":[)"
        R"({"type":2,"style":2,"label":"A. x","custom_id":"quiz:a:1:2:0"},{"type":2,"style":5,"label":"L","url":"https://x"}]}]},)"
        R"("data":{"custom_id":"quiz:a:1:2:0","component_type":2}})");
    REQUIRE(guild.value);
    CHECK(guild.value->in_guild());
    CHECK(guild.value->user_id == "55");
    CHECK(guild.value->user_name == "bob");
    CHECK(guild.value->component->custom_id == "quiz:a:1:2:0");
    REQUIRE(guild.value->message);
    CHECK(guild.value->message->content == "Q?");
    REQUIRE(guild.value->message->buttons.size() == 1); // the link button has no custom_id
    CHECK(guild.value->message->buttons[0].label == "A. x");
    CHECK(guild.value->member_permissions == 8); // ADMINISTRATOR
    CHECK(guild.value->member_roles.empty());
    CHECK(dm.value->member_permissions == 0);

    // Permissions outgrow 53 bits, so Discord sends them as a decimal string; their low 64 bits are kept exact
    // (2^64 + 32 is MANAGE_GUILD alone). Roles come as ids.
    const auto manager =
        parse_interaction(R"({"type":2,"id":"11","application_id":"22","token":"tok","guild_id":"44",)"
                          R"("member":{"user":{"id":"55","username":"bob"},"permissions":"18446744073709551648",)"
                          R"("roles":["1203","987654321098765432"]},"data":{"name":"quiz"}})");
    REQUIRE(manager.value);
    CHECK(manager.value->member_permissions == 32);
    CHECK(manager.value->member_roles == std::vector<std::string>{"1203", "987654321098765432"});

    CHECK(parse_interaction(R"({"type":1})").value->type == interaction_type::ping);
}

TEST_CASE("interaction parser: anything not shaped like an interaction is refused with a reason", "[discord]")
{
    const auto reason = [](std::string_view body) {
        const auto r = parse_interaction(body);
        CHECK_FALSE(r.value);
        return r.error;
    };
    CHECK(reason("").starts_with("malformed JSON"));
    CHECK(reason("[1]") == "an interaction must be a JSON object");
    CHECK(reason(R"({"type":"1"})") == "\"type\" must be an integer");
    CHECK(reason(R"({"type":9})") == "\"type\" must be an interaction type (1 to 5)");
    CHECK(reason(R"({"type":2,"id":"1","application_id":"2","token":"t","data":{"name":"quiz"}})") ==
          "neither \"member.user\" nor \"user\" is present");
    CHECK(reason(R"({"type":2,"id":"x1","application_id":"2","token":"t"})") == "\"id\" must be a snowflake");
    CHECK(reason(R"({"type":2,"id":"1","application_id":"2","token":"t","member":{"user":{"id":"3"},)"
                 R"("permissions":"0x8"}})") == "\"member.permissions\" must be a decimal number");
    CHECK(reason(R"({"type":2,"id":"1","application_id":"2","token":"t","member":{"user":{"id":"3"},)"
                 R"("roles":[12]}})") == "\"member.roles\" must hold role ids");
    CHECK(reason(R"({"type":2,"id":"1","application_id":"2","token":"t","user":{"id":"3"}})") == "\"data\" is missing");
    CHECK(reason(R"({"type":3,"id":"1","application_id":"2","token":"t","user":{"id":"3"},"data":{"custom_id":")" +
                 std::string(101, 'x') + "\"}}") == "\"custom_id\" is longer than 100 bytes");
}

TEST_CASE("button ids: round trip within 100 characters, anything else unknown", "[discord]")
{
    const button a = answer_button{quiz::engine::session_id{9007199254740993}, 4294967295U, 3};
    const auto id = custom_id(a);
    CHECK(id == "quiz:a:9007199254740993:4294967295:3");
    const auto back = parse_custom_id(id);
    REQUIRE(back);
    CHECK(std::get<answer_button>(*back).sequence == 4294967295U);
    CHECK(std::get<next_button>(*parse_custom_id("quiz:n:5:zero-sharded")).pack == "zero-sharded");
    CHECK(std::get<forget_button>(*parse_custom_id("quiz:forget:yes")).confirmed);
    CHECK(std::get<start_button>(*parse_custom_id("quiz:s:p")).pack == "p");
    for (const char* bad : {"", "quiz:", "quiz:a:1:2", "quiz:a:0:1:1", "quiz:a:-1:1:1", "quiz:a:1:1:+1", "quiz:a:1:x:1",
                            "quiz:a:1:1:99999999999", "quiz:forget:maybe", "quiz:s:", "other:a:1:1:1"}) {
        INFO(bad);
        CHECK_FALSE(parse_custom_id(bad));
    }
}

TEST_CASE("signatures: only the key's signature over timestamp and body verifies", "[discord]")
{
    const quiz::test::ed25519_signer key;
    const quiz::test::ed25519_signer other;
    const signature_verifier verifier(key.public_key_hex());
    const std::string body = R"({"type":1})";
    const auto signature = key.sign_hex("1700000000", body);
    CHECK(verifier.verify(signature, "1700000000", body));
    CHECK_FALSE(verifier.verify(other.sign_hex("1700000000", body), "1700000000", body));
    CHECK_FALSE(verifier.verify(signature, "1700000001", body));
    CHECK_FALSE(verifier.verify(signature, "1700000000", body + " "));
    CHECK_FALSE(verifier.verify(signature.substr(2), "1700000000", body));
    CHECK_FALSE(verifier.verify("zz" + signature.substr(2), "1700000000", body));
    CHECK_FALSE(verifier.verify(signature, "", "1700000000" + body)); // a timestamp is required
    CHECK_THROWS_AS(signature_verifier("abcd"), std::invalid_argument);
    CHECK_THROWS_AS(signature_verifier(std::string(64, 'g')), std::invalid_argument);
    CHECK(decode_hex("0aFf") == std::vector<std::uint8_t>{0x0a, 0xff});
    CHECK_FALSE(decode_hex("abc"));
}

TEST_CASE("messages: long texts are clipped to Discord's limits", "[discord]")
{
    CHECK(clip("héllo", 5) == "héllo");
    CHECK(clip("héllo wörld", 5) == "héll…");
    quiz::engine::question_card card;
    card.sequence = 7;
    card.lang = quiz::engine::language::fr;
    card.stem = std::string(3000, 'q');
    card.choices = {std::string(200, 'a'), "b", "c", "d", "e", "f", "g"};
    card.section_title = "Section";
    card.section = quiz::engine::section_key{"s"};
    const auto r = card_reply(quiz::test::card_screen_of(card, quiz::engine::session_id{1}, "zero-sharded"),
                              {"https://q.example"});
    const auto& content = r.data.at("content").as_string();
    CHECK(content.size() <= 2000 * 4);
    CHECK(std::string_view(content).ends_with("…"));
    const auto& rows = r.data.at("components").as_array();
    REQUIRE(rows.size() == 2); // 7 buttons: 5 + 2
    CHECK(rows[0].at("components").as_array().size() == 5);
    const auto& first = rows[0].at("components").as_array()[0].as_object();
    CHECK(first.at("label").as_string().size() == 79 + 3); // 79 characters, then "…" (3 bytes)
    CHECK(first.at("custom_id") == "quiz:a:1:7:0");
}
