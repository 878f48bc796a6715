// SPDX-License-Identifier: MIT
// Slack's request parsers on arbitrary bytes: slash command forms, interaction payloads, Events API bodies, typed
// direct messages, button ids (sessions' and rounds'), `group` options, and the signature check. None may crash; what they accept must hold together.
#include "bot/http/url_encoding.hpp"
#include "bot/slack/action_ids.hpp"
#include "bot/slack/command_line.hpp"
#include "bot/slack/payload.hpp"
#include "bot/slack/signature.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

/// Well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), written apart from the
/// decoder it checks.
bool well_formed_utf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        std::size_t n = 0;
        std::uint32_t cp = 0;
        if (b < 0x80) {
            ++i;
            continue;
        }
        if (b >= 0xC2 && b <= 0xDF) {
            n = 1;
            cp = b & 0x1FU;
        } else if (b >= 0xE0 && b <= 0xEF) {
            n = 2;
            cp = b & 0x0FU;
        } else if (b >= 0xF0 && b <= 0xF4) {
            n = 3;
            cp = b & 0x07U;
        } else {
            return false;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) & 0xC0U) != 0x80U) {
                return false;
            }
            cp = (cp << 6U) | (static_cast<unsigned char>(text[i + k]) & 0x3FU);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return false;
        }
        i += n + 1;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace quiz::bot::slack;
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    // The form decoder under every Slack body: what it accepts is well-formed text without NUL, and encoding it
    // again reads back the same pairs.
    if (const auto form = quiz::bot::http::parse_form(input)) {
        std::string again;
        for (const auto& [name, value] : *form) {
            if (!well_formed_utf8(name) || !well_formed_utf8(value) || name.find('\0') != std::string::npos ||
                value.find('\0') != std::string::npos) {
                std::abort();
            }
            again += (again.empty() ? "" : "&") + quiz::bot::http::percent_encode(name) + '=' +
                     quiz::bot::http::percent_encode(value);
        }
        if (quiz::bot::http::parse_form(again) != form) {
            std::abort();
        }
    }

    if (const auto command = parse_slash_command(input)) {
        if (command->team_id.empty() || command->user_id.empty() || command->command.empty()) {
            std::abort(); // accepted without what the bot needs
        }
        const auto line = parse_command_line(command->text);
        if (line.verb.empty()) {
            std::abort();
        }
        if (const auto group = parse_group(line.words); group && group->seconds && !group->questions) {
            std::abort(); // seconds come after the number of questions
        }
    }
    if (const auto action = parse_interaction(input)) {
        if (action->type.empty() || action->user_id.empty()) {
            std::abort();
        }
        for (const auto& a : action->actions) {
            // A button read back is one quizbot could have made: its ids read back as the same button.
            if (const auto c = parse_click(a.action_id, a.value)) {
                const auto ids = ids_of(*c);
                if (parse_click(ids.action_id, ids.value) != c) {
                    std::abort();
                }
            }
        }
    }
    {
        // The input split at its first newline as an action_id and a value.
        const auto cut = input.find('\n');
        const auto action_id = input.substr(0, cut);
        const auto value = cut == std::string_view::npos ? std::string_view{} : input.substr(cut + 1);
        if (const auto c = parse_click(action_id, value)) {
            const auto ids = ids_of(*c);
            if (parse_click(ids.action_id, ids.value) != c) {
                std::abort();
            }
        }
        if (const auto r = parse_round_click(action_id, value)) {
            const auto ids = ids_of(*r);
            if (parse_round_click(ids.action_id, ids.value) != r || parse_click(ids.action_id, ids.value)) {
                std::abort(); // a round's button is never read as a session's
            }
        }
        // The one read the server does: a session's button or a round's, as the two readers say.
        const auto clicked = parse_clicked_button(action_id, value);
        const auto session = parse_click(action_id, value);
        if (clicked.has_value() != (session || parse_round_click(action_id, value)) ||
            (session && std::get<click>(*clicked) != *session)) {
            std::abort();
        }
    }
    if (const auto envelope = parse_event(input)) {
        if (envelope->type == "event_callback" && (!envelope->inner || envelope->event_id.empty())) {
            std::abort();
        }
        if (envelope->inner) {
            const auto dm = parse_dm(envelope->inner->text);
            if (dm.what == dm_input::kind::letter && dm.position >= 26) {
                std::abort();
            }
        }
    }
    (void)is_ssl_check(input);

    // The first line as headers "timestamp signature", the rest as the body: never accepted without the secret.
    const auto newline = input.find('\n');
    const auto head = input.substr(0, newline);
    const auto space = head.find(' ');
    const auto body = newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);
    const std::chrono::system_clock::time_point now{std::chrono::seconds(1'700'000'000)};
    if (space != std::string_view::npos && verify_signature("fuzz-secret", head.substr(0, space),
                                                            head.substr(space + 1), body, now) == signature_check::ok) {
        std::abort(); // a forged signature would have to be an HMAC preimage
    }
    return 0;
}
