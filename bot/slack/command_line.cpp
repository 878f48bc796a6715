// SPDX-License-Identifier: MIT
#include "bot/slack/command_line.hpp"

#include <charconv>

namespace quiz::bot::slack {

namespace {

bool space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string lower(std::string_view text)
{
    std::string out(text);
    for (auto& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

/// A plain decimal number of at most 4 digits (bounds beyond are the tutoring layer's to refuse, by name).
std::optional<int> small_number(std::string_view word)
{
    if (word.empty() || word.size() > 4) {
        return std::nullopt;
    }
    int value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc{} || end != word.data() + word.size()) {
        return std::nullopt;
    }
    return value;
}

bool digits_only(std::string_view word)
{
    return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

} // namespace

std::optional<group_options> parse_group(const std::vector<std::string>& words)
{
    group_options out;
    std::size_t next = 0;
    if (next < words.size() && !digits_only(words[next])) {
        out.pack = words[next++];
    }
    std::vector<int> numbers;
    for (; next < words.size(); ++next) {
        const auto number = small_number(words[next]);
        if (!number || numbers.size() == 2) {
            return std::nullopt;
        }
        numbers.push_back(*number);
    }
    if (!numbers.empty()) {
        out.questions = numbers[0];
    }
    if (numbers.size() == 2) {
        out.seconds = numbers[1];
    }
    return out;
}

command_line parse_command_line(std::string_view text)
{
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && space(text[i])) {
            ++i;
        }
        const std::size_t start = i;
        while (i < text.size() && !space(text[i])) {
            ++i;
        }
        if (i > start) {
            words.emplace_back(text.substr(start, i - start));
        }
    }
    command_line out;
    if (words.empty()) {
        out.verb = "help";
        return out;
    }
    out.verb = lower(words.front());
    out.words.assign(words.begin() + 1, words.end());
    return out;
}

dm_input parse_dm(std::string_view text)
{
    auto word = trim(text);
    if (!word.empty() && (word.back() == '.' || word.back() == ')')) {
        word.remove_suffix(1);
    }
    if (word.size() == 1) {
        const char c = word.front();
        if (c >= 'a' && c <= 'z') {
            return {dm_input::kind::letter, static_cast<std::uint32_t>(c - 'a')};
        }
        if (c >= 'A' && c <= 'Z') {
            return {dm_input::kind::letter, static_cast<std::uint32_t>(c - 'A')};
        }
    }
    const auto w = lower(word);
    if (w == "next" || w == "suivante") {
        return {dm_input::kind::next, 0};
    }
    if (w == "stats") {
        return {dm_input::kind::stats, 0};
    }
    if (w == "start") {
        return {dm_input::kind::start, 0};
    }
    return {dm_input::kind::help, 0};
}

} // namespace quiz::bot::slack
