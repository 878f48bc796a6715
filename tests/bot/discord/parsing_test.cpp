// SPDX-License-Identifier: MIT
// The interaction parser, button ids, signature checks (with an OpenSSL key made here; the independent tweetnacl
// signer is signature_matrix.mjs) and the message limits.
#include "bot/discord/command_set.hpp"
#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/discord/render.hpp"
#include "bot/discord/signature.hpp"
#include "bot/tutoring/screen_parts.hpp"
#include "tests/bot/discord/support/signer.hpp"

#include <catch2/catch.hpp>

namespace discord_parsing_test {

namespace {

using namespace quiz::bot::discord;

} // namespace

TEST_CASE("interaction parser: commands in DMs and servers, clicks with their message", "[discord]")
{
    const auto dm = parse_interaction(
        R"({"type":2,"id":"11","application_id":"22","token":"tok","locale":"fr","context":1,)"
        R"("user":{"id":"33","username":"nelly","global_name":"Nelly"},)"
        R"("data":{"name":"quiz","options":[{"name":"start","type":1,"options":[{"name":"pack","type":3,"value":"p"}]}]}})");
    REQUIRE(dm);
    CHECK(dm->type == interaction_type::application_command);
    CHECK(dm->user_id == "33");
    CHECK(dm->user_name == "Nelly");
    CHECK_FALSE(dm->in_guild());
    CHECK(dm->command->subcommand == "start");
    CHECK(dm->command->option("pack") == "p");
    CHECK_FALSE(dm->command->option("concept"));

    const auto guild = parse_interaction(
        R"({"type":3,"id":"11","application_id":"22","token":"tok","guild_id":"44","context":0,)"
        R"("member":{"user":{"id":"55","username":"bob"},"permissions":"8"},)"
        R"("message":{"id":"66","content":"Q?","components":[{"type":1,"components":[)"
        R"({"type":2,"style":2,"label":"A. x","custom_id":"quiz:a:1:2:0"},{"type":2,"style":5,"label":"L","url":"https://x"}]}]},)"
        R"("data":{"custom_id":"quiz:a:1:2:0","component_type":2}})");
    REQUIRE(guild);
    CHECK(guild->in_guild());
    CHECK(guild->user_id == "55");
    CHECK(guild->user_name == "bob");
    CHECK(guild->component->custom_id == "quiz:a:1:2:0");
    // The click's id is read with the body, once: the typed button every step of the click uses.
    REQUIRE(guild->component->clicked);
    const auto& clicked = std::get<answer_button>(std::get<button>(*guild->component->clicked));
    CHECK(clicked.session == quiz::engine::session_id{1});
    CHECK(clicked.sequence == 2);
    CHECK(clicked.choice == 0);
    REQUIRE(guild->message);
    CHECK(guild->message->content == "Q?");
    REQUIRE(guild->message->buttons.size() == 1); // the link button has no custom_id
    CHECK(guild->message->buttons[0].label == "A. x");
    CHECK(guild->member_permissions == 8); // ADMINISTRATOR
    CHECK(guild->member_roles.empty());
    CHECK(dm->member_permissions == 0);

    // Permissions outgrow 53 bits, so Discord sends them as a decimal string; their low 64 bits are kept exact
    // (2^64 + 32 is MANAGE_GUILD alone). Roles come as ids.
    const auto manager =
        parse_interaction(R"({"type":2,"id":"11","application_id":"22","token":"tok","guild_id":"44",)"
                          R"("member":{"user":{"id":"55","username":"bob"},"permissions":"18446744073709551648",)"
                          R"("roles":["1203","987654321098765432"]},"data":{"name":"quiz"}})");
    REQUIRE(manager);
    CHECK(manager->member_permissions == 32);
    CHECK(manager->member_roles == std::vector<std::string>{"1203", "987654321098765432"});

    CHECK(parse_interaction(R"({"type":1})")->type == interaction_type::ping);
}

TEST_CASE("interaction parser: anything not shaped like an interaction is refused with a reason", "[discord]")
{
    const auto reason = [](std::string_view body) {
        const auto r = parse_interaction(body);
        REQUIRE_FALSE(r);
        CHECK(r.error().status == 400);
        constexpr std::string_view lead = "not an interaction: ";
        CHECK(r.error().reason.starts_with(lead));
        return r.error().reason.substr(lead.size());
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

TEST_CASE("clicked buttons: a session's or a round's, read into one typed value", "[discord]")
{
    const auto session = parse_clicked_button("quiz:n:5:zero-sharded");
    REQUIRE(session);
    CHECK(std::get<next_button>(std::get<button>(*session)).pack == "zero-sharded");
    const auto round = parse_clicked_button("quiz:ra:7:2:1");
    REQUIRE(round);
    const auto& answer = std::get<round_button>(*round);
    CHECK(answer.what == round_button::kind::answer);
    CHECK(answer.round == quiz::engine::round_id{7});
    CHECK(answer.choice == 1);
    CHECK(std::get<round_button>(*parse_clicked_button("quiz:re:7:3")).what == round_button::kind::end);
    for (const char* bad : {"", "quiz:", "quiz:rx:7:1", "quiz:ra:7:1", "quiz:forget:maybe", "other"}) {
        INFO(bad);
        CHECK_FALSE(parse_clicked_button(bad));
    }
    // A button of another version parses the body all the same: the click is answered as stale.
    const auto stale = parse_interaction(R"({"type":3,"id":"1","application_id":"2","token":"t","user":{"id":"3"},)"
                                         R"("data":{"custom_id":"quiz:zz:1","component_type":2}})");
    REQUIRE(stale);
    CHECK(stale->component->custom_id == "quiz:zz:1");
    CHECK_FALSE(stale->component->clicked);
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
    const auto r = card_reply(
        quiz::bot::tutoring::card_of(quiz::engine::session_id{1}, card, quiz::engine::pack_key{"zero-sharded"}, {}),
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

TEST_CASE("feedback: the question's buttons again, disabled, made from the click, after the heads-up", "[discord]")
{
    using quiz::engine::language;
    quiz::engine::feedback told;
    told.correct = false;
    told.chosen = {1, "b", "Not b."};
    told.answer = {0, "a", "A it is."};
    told.section = quiz::engine::section_key{"s"};
    told.section_title = "Section";
    const auto shown = quiz::bot::tutoring::feedback_of(quiz::engine::session_id{4}, quiz::engine::pack_key{"zero"},
                                                        told, false, language::en);
    // The message as Discord sends it back: labels are all that is read of its buttons.
    const source_message question{"66", "Q?", {{"A. a", "anything"}, {"B. b", "else"}, {"", "x"}}};
    const auto r = feedback_reply(question, answer_button{quiz::engine::session_id{4}, 9, 1}, shown, language::en,
                                  {"https://q.example"}, "Heads up.");
    CHECK(r.kind == reply_kind::update_message);
    const std::string content(r.data.at("content").as_string());
    CHECK(content.starts_with("Heads up.\n\nQ?\n\u274C Not quite.\nYou chose B: b\nNot b.\nThe answer is A: a\n"));
    CHECK(content.ends_with("[Read more: Section](<https://q.example/guide/zero/s?lang=en>)\n"));
    const auto& rows = r.data.at("components").as_array();
    REQUIRE(rows.size() == 2);
    const auto& choices = rows[0].at("components").as_array();
    REQUIRE(choices.size() == 3);
    CHECK(choices[0].at("custom_id") == "quiz:a:4:9:0");
    CHECK(choices[0].at("style") == 3); // the answer
    CHECK(choices[1].at("custom_id") == "quiz:a:4:9:1");
    CHECK(choices[1].at("style") == 4); // the wrong choice
    CHECK(choices[2].at("label") == "C");
    CHECK(choices[2].at("disabled") == true);
    CHECK(rows[1].at("components").as_array()[0].at("custom_id") == "quiz:n:4:zero");

    const auto plain = note("Stats.", true, "Heads up.");
    CHECK(plain.data.at("content") == "Heads up.\n\nStats.");
    CHECK(note("Stats.", true).data.at("content") == "Stats.");
}

} // namespace discord_parsing_test
