// SPDX-License-Identifier: MIT
#include "bot/slack/flows.hpp"

#include "bot/overloaded.hpp"
#include "bot/slack/block_limits.hpp"
#include "bot/slack/texts.hpp"

namespace quiz::bot::slack {

namespace {

using arg = engine::message_arg;

intent make_intent(tutoring::action what, std::string command = "/quiz")
{
    intent out;
    out.what = std::move(what);
    out.command = std::move(command);
    return out;
}

intent start_intent(const command_line& line, const std::string& command)
{
    tutoring::start s;
    s.scope = line.verb == "review" ? engine::session_scope::reviews_only : engine::session_scope::everything;
    // `start [pack] [concept]`: with one word, a pack's key or a concept of the default pack (the tutoring layer
    // tells which).
    if (line.words.size() >= 2) {
        s.pack = line.words[0];
        s.only_concept = line.words[1];
    } else if (line.words.size() == 1) {
        s.pack = line.words[0];
    }
    return make_intent(s, command);
}

std::string help_text(const intent& asked, engine::language lang)
{
    if (asked.direct_message) {
        return say(text::dm_hint, lang, {arg::str("command", asked.command)});
    }
    if (asked.language_usage) {
        return say(text::lang_usage, lang, {arg::str("command", asked.command)});
    }
    std::string out;
    if (!asked.unknown_word.empty()) {
        // The user's own word: escaped, or `<!channel>` typed after the command would come back as a mention.
        out = say(text::unknown_command, lang, {arg::str("word", escape_mrkdwn(asked.unknown_word))}) + "\n";
    }
    return out + say(text::help, lang, {arg::str("command", asked.command)});
}

} // namespace

tutoring::actor actor_of(const std::string& team, const std::string& user, const std::string& name,
                         std::optional<engine::language> platform_lang)
{
    tutoring::actor who;
    who.identity = {"slack", team + ":" + user};
    who.display_name = name;
    who.platform_lang = platform_lang;
    who.workspace = engine::platform_identity{"slack", team};
    return who;
}

tutoring::remind remind_of(const std::vector<std::string>& words)
{
    // `remind`, `remind off`, `remind on [HH:MM] [zone]`; `remind 18:00 [zone]` is on too.
    tutoring::remind r;
    std::size_t next = 0;
    if (!words.empty() && (words[0] == "on" || words[0] == "off")) {
        r.what = words[0] == "on" ? tutoring::remind::mode::on : tutoring::remind::mode::off;
        next = 1;
    } else if (!words.empty()) {
        r.what = tutoring::remind::mode::on;
    }
    if (r.what != tutoring::remind::mode::on) {
        return r;
    }
    for (; next < words.size(); ++next) {
        const bool time_like = !words[next].empty() && words[next].front() >= '0' && words[next].front() <= '9';
        if (time_like && !r.time) {
            r.time = words[next];
        } else if (!r.zone) {
            r.zone = words[next];
        }
    }
    return r;
}

intent command_intent(const slash_command& c)
{
    const auto line = parse_command_line(c.text);
    if (line.verb == "start" || line.verb == "review") {
        return start_intent(line, c.command);
    }
    if (line.verb == "stats") {
        return make_intent(
            tutoring::stats{line.words.empty() ? std::nullopt : std::optional<std::string>(line.words.front())},
            c.command);
    }
    if (line.verb == "lang") {
        const auto chosen = line.words.size() == 1 ? engine::parse_language(line.words.front()) : std::nullopt;
        if (!chosen) {
            auto usage = make_intent(tutoring::help{}, c.command);
            usage.language_usage = true;
            return usage;
        }
        return make_intent(tutoring::choose_language{*chosen}, c.command);
    }
    if (line.verb == "forget-me") {
        return make_intent(tutoring::forget{tutoring::forget::step::ask}, c.command);
    }
    if (line.verb == "remind") {
        return make_intent(remind_of(line.words), c.command);
    }
    auto help = make_intent(tutoring::help{}, c.command);
    if (line.verb != "help") {
        help.unknown_word = line.verb;
    }
    return help;
}

intent click_intent(const click& clicked)
{
    return std::visit(overloaded{
                          [](const answer_click& a) {
                              auto out = make_intent(tutoring::answer{a.session, a.sequence, a.position, false});
                              out.replace_original = true;
                              return out;
                          },
                          [](const next_click& n) {
                              auto out = make_intent(tutoring::next{n.session});
                              out.replace_original = true;
                              return out;
                          },
                          [](const start_click& s) {
                              tutoring::start start;
                              if (!s.pack.empty()) {
                                  start.pack = s.pack;
                              }
                              start.scope = s.reviews_only ? engine::session_scope::reviews_only
                                                           : engine::session_scope::everything;
                              return make_intent(start);
                          },
                          [](const forget_click& f) {
                              auto out = make_intent(tutoring::forget{f.confirmed ? tutoring::forget::step::confirm
                                                                                  : tutoring::forget::step::cancel});
                              out.replace_original = true; // the confirmation's buttons go away
                              return out;
                          },
                          [](const unsubscribe_click&) {
                              tutoring::remind off;
                              off.what = tutoring::remind::mode::off;
                              return make_intent(off);
                          },
                      },
                      clicked);
}

intent dm_intent(const dm_input& input)
{
    auto out = make_intent(tutoring::help{});
    out.direct_message = true;
    switch (input.what) {
    case dm_input::kind::letter:
        out.what = tutoring::answer_current{input.position};
        break;
    case dm_input::kind::next:
        out.what = tutoring::next{};
        break;
    case dm_input::kind::start:
        out.what = tutoring::start{};
        break;
    case dm_input::kind::stats:
        out.what = tutoring::stats{};
        break;
    case dm_input::kind::help:
        break;
    }
    return out;
}

std::optional<slack_reply> render(const tutoring::screen& shown, const intent& asked, const tutoring::link_base& links)
{
    const auto lang = shown.lang;
    const bool replace = asked.replace_original;
    const std::string_view heads_up = shown.heads_up;
    return std::visit(overloaded{
                          [](const tutoring::nothing_screen&) -> std::optional<slack_reply> { return std::nullopt; },
                          [&](const tutoring::card_screen& card) -> std::optional<slack_reply> {
                              return slack_reply{card_message(card, links, heads_up), replace};
                          },
                          [&](const tutoring::feedback_screen& told) -> std::optional<slack_reply> {
                              return slack_reply{feedback_message(told, lang, links, heads_up), replace};
                          },
                          [&](const tutoring::summary_screen& summary) -> std::optional<slack_reply> {
                              return slack_reply{summary_message(summary, lang, heads_up), replace};
                          },
                          [&](const tutoring::stats_screen& stats) -> std::optional<slack_reply> {
                              return slack_reply{stats_message(stats, heads_up), false};
                          },
                          [&](const tutoring::notice_screen& n) -> std::optional<slack_reply> {
                              const auto body = n.kind == tutoring::notice_kind::help ? help_text(asked, lang)
                                                                                      : escape_mrkdwn(n.text);
                              // Only the answer to a confirmation replaces it; other notices leave the clicked message be.
                              return slack_reply{notice_message(body, heads_up), replace && shown.closes_confirmation};
                          },
                          [&](const tutoring::confirm_screen& question) -> std::optional<slack_reply> {
                              return slack_reply{confirm_message(question), false};
                          },
                      },
                      shown.body);
}

} // namespace quiz::bot::slack
