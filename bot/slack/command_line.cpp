// SPDX-License-Identifier: MIT
#include "bot/slack/command_line.hpp"

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

} // namespace

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
