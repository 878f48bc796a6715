// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::engine {

/// Every sentence the tutor says, besides the pack's own words. One id, one template per language.
enum class message : std::uint16_t {
    card_header_review,
    card_header_new,
    card_header_retry,
    card_header_follow_up,
    card_header_practice,
    card_header_round,
    card_due_remaining,
    card_follow_up_note,
    card_practice_note,
    card_retry_note,
    card_guide,
    card_how_to_answer,
    card_terminal_prompt,
    card_closes_in,
    feedback_right,
    feedback_wrong,
    feedback_chosen,
    feedback_misconception,
    feedback_answer,
    feedback_follow_up,
    feedback_retry,
    feedback_comes_back,
    feedback_guide,
    feedback_replayed,
    feedback_terminal_prompt,
    answer_stale,
    answer_invalid_choice,
    answer_ended,
    answer_no_session,
    summary_title,
    summary_score,
    summary_mix,
    summary_practice,
    summary_asked_again,
    summary_follow_ups,
    summary_to_revisit,
    summary_due_remaining,
    summary_next_due,
    summary_nothing_left,
    summary_streak,
    stats_title,
    stats_due,
    stats_seen,
    stats_mastered,
    stats_concept_line,
    stats_weakest,
    stats_accuracy,
    stats_best_streak,
    round_answered,
    round_closed_timer,
    round_closed_all,
    round_closed_host,
    round_answer,
    round_distribution_line,
    round_common_confusion,
    round_already_answered,
    round_closed,
    round_not_host,
    round_scoreboard_title,
    round_score_line,
    round_over,
};

/// How many ids there are (they run from 0 to message_count - 1).
inline constexpr std::size_t message_count = static_cast<std::size_t>(message::round_over) + 1;

/// A value for a named placeholder: a number (drives plural forms) or a text.
struct message_arg {
    std::string_view name;
    std::optional<long long> number;
    std::string text;

    static message_arg num(std::string_view name, long long value) { return {name, value, {}}; }
    static message_arg str(std::string_view name, std::string value) { return {name, std::nullopt, std::move(value)}; }
};

/// The id as written in docs and logs, e.g. "feedback.right".
[[nodiscard]] std::string_view message_id(message m) noexcept;

/// The raw template. Syntax (a subset of ICU MessageFormat): `{name}` is replaced by the argument;
/// `{name, plural, =0 {...} one {...} other {...}}` picks a branch by the number (exact `=N` first, then the
/// language's plural category), with `#` in the branch standing for the number.
[[nodiscard]] std::string_view message_template(message m, language lang) noexcept;

/// The plural category of n: English "one" is 1 only; French "one" is 0 and 1 (CLDR).
enum class plural_category : std::uint8_t { one, other };
[[nodiscard]] plural_category plural_of(language lang, long long n) noexcept;

/// The message in `lang` with its placeholders filled. A placeholder without an argument stays as `{name}`.
[[nodiscard]] std::string format_message(message m, language lang, std::initializer_list<message_arg> args);
[[nodiscard]] std::string format_pattern(std::string_view pattern, language lang, const std::vector<message_arg>& args);

/// One sentence in both languages: the tables of sentences kept beside the part of the edge that says them.
struct bilingual {
    std::string_view en;
    std::string_view fr; ///< French typography as in the catalogue

    [[nodiscard]] constexpr std::string_view in(language lang) const noexcept { return lang == language::fr ? fr : en; }
};

/// The sentence for `key` in a table written in the order of its enum, in `lang`, its placeholders filled.
template <typename Key, std::size_t N>
[[nodiscard]] std::string say_in(const std::array<bilingual, N>& table, Key key, language lang,
                                 std::initializer_list<message_arg> args = {})
{
    return format_pattern(table[static_cast<std::size_t>(key)].in(lang), lang, std::vector<message_arg>(args));
}

/// What a template uses, for checks: placeholder names (sorted, unique) or the first syntax error.
struct pattern_info {
    std::vector<std::string> names;
    std::vector<std::string> plural_names; ///< placeholders used with `plural`
    std::optional<std::string> error;
};
[[nodiscard]] pattern_info inspect_pattern(std::string_view pattern);

} // namespace quiz::engine
