// SPDX-License-Identifier: MIT
#include "bot/slack/action_ids.hpp"
#include "bot/slack/blocks.hpp"
#include "bot/slack/command_line.hpp"
#include "bot/slack/payload.hpp"
#include "bot/slack/web_api.hpp"

#include <catch2/catch.hpp>

namespace slack_payload_test {

using namespace quiz::bot::slack;

namespace {

/// Why the body was refused (always 400 for Slack's bodies); "" when it was not.
template <class T>
std::string refused(const quiz::bot::http::parsed<T>& p)
{
    if (p) {
        return {};
    }
    CHECK(p.error().status == 400);
    return p.error().reason;
}

} // namespace

TEST_CASE("form: '+', %xx, empty and repeated names", "[slack][form]")
{
    const auto form = form_fields::parse("text=start+zero%20stage%2B1&=ignored&empty=&flag&a%3Db=%26%3D");
    REQUIRE(form);
    CHECK(form->get("text") == "start zero stage+1");
    CHECK(form->get("empty").empty());
    CHECK(form->contains("empty"));
    CHECK(form->contains("flag"));
    CHECK(form->get("a=b") == "&=");
    CHECK_FALSE(form->contains(""));
    CHECK(form->get("missing").empty());
    CHECK(form_fields::parse("a=1&&b=2&"));
    CHECK(form_fields::parse(""));

    CHECK(refused(form_fields::parse("text=a&text=b")) == "repeated form field \"text\"");
    CHECK_FALSE(form_fields::parse("text=a&te%78t=b")); // the same name once decoded
    CHECK(refused(form_fields::parse("text=%zz")) == "malformed form encoding");
    CHECK_FALSE(form_fields::parse("text=%4"));
    CHECK_FALSE(form_fields::parse("text=%00"));
}

TEST_CASE("form: slash command fields", "[slack][form]")
{
    const auto c = parse_slash_command(
        "token=x&team_id=T1&team_domain=d&channel_id=C2&channel_name=general&user_id=U3&user_name=ada&"
        "command=%2Fquiz&text=start+zero&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1%2F2%2Fabc&"
        "trigger_id=1.2.3&api_app_id=A4");
    REQUIRE(c);
    CHECK(c->team_id == "T1");
    CHECK(c->team_domain == "d");
    CHECK(c->user_id == "U3");
    CHECK(c->user_name == "ada");
    CHECK(c->channel_id == "C2");
    CHECK(c->command == "/quiz");
    CHECK(c->text == "start zero");
    CHECK(c->response_url == "https://hooks.slack.com/commands/1/2/abc");

    CHECK(refused(parse_slash_command("team_id=T1&command=%2Fquiz")) ==
          "a slash command needs team_id, user_id and command");
    CHECK_FALSE(parse_slash_command("team_id=T1&user_id=U1&command=%2Fquiz&text=a&text=b"));
    CHECK(is_ssl_check("ssl_check=1&token=x"));
    CHECK_FALSE(is_ssl_check("ssl_check=0"));
    CHECK_FALSE(is_ssl_check("team_id=T1"));
}

TEST_CASE("form: block_actions payload", "[slack][form]")
{
    // payload={"type":"block_actions","team":{"id":"T1"},"user":{"id":"U1","username":"ada","team_id":"T1"},
    //   "container":{"type":"message","channel_id":"C1"},"channel":{"id":"C1"},"response_url":"https://h/x",
    //   "actions":[{"type":"button","action_id":"answer_B","block_id":"b","value":"7:2:1"}]}  (encoded by hand)
    const std::string body =
        "payload=%7B%22type%22%3A%22block_actions%22%2C%22team%22%3A%7B%22id%22%3A%22T1%22%7D%2C%22user%22%3A%7B%22id%"
        "22"
        "%3A%22U1%22%2C%22username%22%3A%22ada%22%2C%22team_id%22%3A%22T1%22%7D%2C%22container%22%3A%7B%22type%22%3A%22"
        "message%22%2C%22channel_id%22%3A%22C1%22%7D%2C%22channel%22%3A%7B%22id%22%3A%22C1%22%7D%2C%22response_url%22"
        "%3A%22https%3A%2F%2Fh%2Fx%22%2C%22actions%22%3A%5B%7B%22type%22%3A%22button%22%2C%22action_id%22%3A%22answer_B"
        "%22%2C%22block_id%22%3A%22b%22%2C%22value%22%3A%227%3A2%3A1%22%7D%5D%7D";
    const auto p = parse_interaction(body);
    REQUIRE(p);
    CHECK(p->type == "block_actions");
    CHECK(p->team_id == "T1");
    CHECK(p->user_id == "U1");
    CHECK(p->user_name == "ada");
    CHECK(p->channel_id == "C1");
    CHECK(p->container_type == "message");
    CHECK(p->message_ts.empty());
    CHECK_FALSE(p->is_ephemeral);
    CHECK(p->response_url == "https://h/x");
    REQUIRE(p->actions.size() == 1);
    CHECK(p->actions[0].action_id == "answer_B");
    CHECK(p->actions[0].value == "7:2:1");

    CHECK(refused(parse_interaction("payload=%7B")).starts_with("malformed JSON"));
    CHECK_FALSE(parse_interaction("payload=%5B%5D"));
    CHECK(refused(parse_interaction("other=1")) == "no payload field");
    CHECK_FALSE(parse_interaction("payload=%7B%7D&payload=%7B%7D"));
    CHECK_FALSE(parse_interaction("payload=%7B%22type%22%3A%22block_actions%22%7D"));
}

TEST_CASE("events: envelopes", "[slack][events]")
{
    const auto check = parse_event(R"({"token":"t","challenge":"3eZbrw1aB","type":"url_verification"})");
    REQUIRE(check);
    CHECK(check->type == "url_verification");
    CHECK(check->challenge == "3eZbrw1aB");

    const auto dm = parse_event(R"({"type":"event_callback","team_id":"T1","event_id":"Ev1","event_time":1,
        "event":{"type":"message","user":"U1","channel":"D1","channel_type":"im","text":"b","ts":"1.2"}})");
    REQUIRE(dm);
    REQUIRE(dm->inner);
    CHECK(dm->event_id == "Ev1");
    CHECK(dm->inner->type == "message");
    CHECK(dm->inner->channel_type == "im");
    CHECK(dm->inner->text == "b");
    CHECK(dm->inner->bot_id.empty());

    CHECK_FALSE(parse_event(R"({"type":"event_callback","team_id":"T1","event":{}})"));
    CHECK_FALSE(parse_event("[1]"));
    CHECK_FALSE(parse_event("{"));
    CHECK_FALSE(parse_event(std::string(100, '[') + std::string(100, ']')));
}

TEST_CASE("command words and direct messages", "[slack][form]")
{
    const auto line = parse_command_line("  START   zero\tstage3 ");
    CHECK(line.verb == "start");
    CHECK(line.words == std::vector<std::string>{"zero", "stage3"});
    CHECK(parse_command_line("").verb == "help");
    CHECK(parse_command_line("   ").verb == "help");

    CHECK(parse_dm("b").what == dm_input::kind::letter);
    CHECK(parse_dm(" B. ").position == 1);
    CHECK(parse_dm("a)").position == 0);
    CHECK(parse_dm("Next").what == dm_input::kind::next);
    CHECK(parse_dm("stats").what == dm_input::kind::stats);
    CHECK(parse_dm("bb").what == dm_input::kind::help);
    CHECK(parse_dm("").what == dm_input::kind::help);
    CHECK(parse_dm("é").what == dm_input::kind::help);
}

TEST_CASE("button ids and values", "[slack][form]")
{
    const auto answer = parse_click("answer_B", "12:3:1");
    REQUIRE(answer);
    const auto& a = std::get<answer_click>(*answer);
    CHECK(a.session.value() == 12);
    CHECK(a.sequence == 3);
    CHECK(a.position == 1);
    const auto ids = ids_of(answer_click{quiz::engine::session_id{12}, 3, 1});
    CHECK(ids.action_id == "answer_B");
    CHECK(ids.value == "12:3:1");
    for (const char* bad : {"12:3", "0:3:1", "-1:3:1", "1:3:x", "1:3:1:", "1:99999999999:1", ""}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_click("answer_A", bad));
    }
    CHECK(std::get<next_click>(*parse_click("next", "5")).session.value() == 5);
    CHECK_FALSE(parse_click("next", "5x"));
    CHECK_FALSE(parse_click("next", ""));
    CHECK(std::get<start_click>(*parse_click("review", "zero")) == start_click{"zero", true});
    CHECK(std::get<forget_click>(*parse_click("forget_yes", "")).confirmed);
    CHECK_FALSE(std::get<forget_click>(*parse_click("forget_no", "")).confirmed);
    CHECK_FALSE(parse_click("delete_everything", "1"));
    // Every button quizbot makes reads back as itself.
    for (const click& c :
         {click{answer_click{quiz::engine::session_id{7}, 0, 25}}, click{next_click{quiz::engine::session_id{9}}},
          click{start_click{"zero-sharded", false}}, click{forget_click{false}}}) {
        const auto made = ids_of(c);
        CHECK(parse_click(made.action_id, made.value) == c);
    }
}

TEST_CASE("clicked buttons: a session's or a round's, read into one typed value", "[slack][form][rounds]")
{
    const auto session = parse_clicked_button("answer_B", "12:3:1");
    REQUIRE(session);
    CHECK(std::get<click>(*session) == click{answer_click{quiz::engine::session_id{12}, 3, 1}});
    const auto round = parse_clicked_button("round_answer_C", "42:2:2");
    REQUIRE(round);
    CHECK(std::get<round_click>(*round) == round_click{round_click::kind::answer, quiz::engine::round_id{42}, 2, 2});
    CHECK(std::get<round_click>(*parse_clicked_button("round_mine", "42")).what == round_click::kind::mine);
    CHECK_FALSE(parse_clicked_button("answer_A", "42:1"));
    CHECK_FALSE(parse_clicked_button("round_next", "x"));
    CHECK_FALSE(parse_clicked_button("delete_everything", "1"));
}

TEST_CASE("/quiz group options", "[slack][form][rounds]")
{
    using opts = group_options;
    const auto words = [](std::string_view text) { return parse_command_line(text).words; };
    CHECK(parse_group(words("group")) == opts{std::nullopt, std::nullopt, std::nullopt});
    CHECK(parse_group(words("group zero-sharded")) == opts{"zero-sharded", std::nullopt, std::nullopt});
    CHECK(parse_group(words("group 5")) == opts{std::nullopt, 5, std::nullopt});
    CHECK(parse_group(words("group 5 30")) == opts{std::nullopt, 5, 30});
    CHECK(parse_group(words("group zero-sharded 3 10")) == opts{"zero-sharded", 3, 10});
    // Out of bounds is the tutoring layer's to refuse, by name: only the shape is checked here.
    CHECK(parse_group(words("group 0 9999")) == opts{std::nullopt, 0, 9999});
    for (const char* bad : {"group 5 30 7", "group zero 5 x", "group zero five", "group 5 zero", "group 123456",
                            "group zero 1 2 3", "group 5 1e3"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_group(words(bad)));
    }
}

TEST_CASE("round button ids and values", "[slack][form][rounds]")
{
    using kind = round_click::kind;
    const quiz::engine::round_id round{42};
    const auto answer = parse_round_click("round_answer_C", "42:2:2");
    REQUIRE(answer);
    CHECK(*answer == round_click{kind::answer, round, 2, 2});
    CHECK(ids_of(*answer).action_id == "round_answer_C");
    CHECK(ids_of(*answer).value == "42:2:2");
    for (const auto& [id, what] : {std::pair{"round_reveal", kind::reveal}, std::pair{"round_next", kind::next},
                                   std::pair{"round_end", kind::end}, std::pair{"round_mine", kind::mine},
                                   std::pair{"round_review", kind::review}}) {
        CAPTURE(id);
        const auto c = parse_round_click(id, "42");
        REQUIRE(c);
        CHECK(*c == round_click{what, round, 0, 0});
        const auto made = ids_of(*c);
        CHECK(made.action_id == id);
        CHECK(made.value == "42");
        CHECK_FALSE(parse_click(made.action_id, made.value)); // never read as a session's button
    }
    for (const char* bad : {"", "0", "-3", "4x", "99999999999999999999"}) {
        CAPTURE(bad);
        CHECK_FALSE(parse_round_click("round_next", bad));
        CHECK_FALSE(parse_round_click("round_answer_A", std::string(bad) + ":1:0"));
    }
    CHECK_FALSE(parse_round_click("round_answer_A", "42:1"));
    CHECK_FALSE(parse_round_click("round_explode", "42"));
    CHECK_FALSE(parse_round_click("answer_A", "42:1:0"));
}

TEST_CASE("response_url hosts", "[slack][form]")
{
    const std::vector<std::string> slack{"hooks.slack.com"};
    CHECK(response_url_allowed("https://hooks.slack.com/commands/T1/1/x", slack));
    CHECK(response_url_allowed("https://HOOKS.slack.com/actions/T1/1/x", slack));
    CHECK(response_url_allowed("https://hooks.slack.com:443/x", slack));
    CHECK_FALSE(response_url_allowed("http://hooks.slack.com/x", slack));
    CHECK_FALSE(response_url_allowed("https://hooks.slack.com:8443/x", slack));
    CHECK_FALSE(response_url_allowed("https://hooks.slack.com.evil.example/x", slack));
    CHECK_FALSE(response_url_allowed("https://evil.example/hooks.slack.com", slack));
    CHECK_FALSE(response_url_allowed("https://user@hooks.slack.com/x", slack));
    CHECK_FALSE(response_url_allowed("", slack));
    CHECK_FALSE(response_url_allowed("ftp://hooks.slack.com/x", slack));
    const std::vector<std::string> local{"127.0.0.1:8125"};
    CHECK(response_url_allowed("http://127.0.0.1:8125/hooks/1", local));
    CHECK(response_url_allowed("https://127.0.0.1:8125/hooks/1", local));
    CHECK_FALSE(response_url_allowed("http://127.0.0.1:8126/hooks/1", local));
    CHECK_FALSE(response_url_allowed("http://127.0.0.1/hooks/1", local));
}

} // namespace slack_payload_test
