// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::slack {

/// What follows `/quiz`: the first word (lowercased; "help" when empty) and the others as typed.
struct command_line {
    std::string verb;
    std::vector<std::string> words;
};

[[nodiscard]] command_line parse_command_line(std::string_view text);

/// `group [pack] [questions] [seconds]`: a study group's round in the channel. Bounds are the tutoring layer's to
/// check (it names them); here only the shape: an optional first word that is not a number, then at most two
/// whole numbers.
struct group_options {
    std::optional<std::string> pack;
    std::optional<int> questions;
    std::optional<int> seconds;
    friend bool operator==(const group_options&, const group_options&) = default;
};

/// The words after `group`; nullopt when they do not have that shape (the usage is shown).
[[nodiscard]] std::optional<group_options> parse_group(const std::vector<std::string>& words);

/// A direct message to the bot: an answer letter, a word it knows, or anything else.
struct dm_input {
    enum class kind { letter, next, stats, start, help } what = kind::help;
    std::uint32_t position = 0; ///< for a letter: 0 = A
};

/// "b", "B", " b. " are answers; "next", "stats", "start" (any case) are commands; the rest asks for help.
[[nodiscard]] dm_input parse_dm(std::string_view text);

} // namespace quiz::bot::slack
