// SPDX-License-Identifier: MIT
#include "bot/cli/learner_arg.hpp"

#include "bot/cli/args.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace quiz::bot::cli {

namespace {

/// The platforms whose names are never a local learner's: a colon after one of them is always the platform's.
constexpr std::array<std::string_view, 4> front_end_platforms{"discord", "slack", "web", "local"};

/// A word that can name a platform (lower-case letters, digits, '-' and '_'), as the learner table's platforms are.
bool platform_word(std::string_view word)
{
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

} // namespace

std::vector<learner_arg> learner_candidates(const std::string& text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos || !platform_word(std::string_view(text).substr(0, colon))) {
        return {{"local", text}};
    }
    const std::string platform = text.substr(0, colon);
    if (colon + 1 == text.size()) {
        throw usage_error("'" + text + "' has no id after the platform");
    }
    std::vector<learner_arg> candidates{{platform, text.substr(colon + 1)}};
    if (std::find(front_end_platforms.begin(), front_end_platforms.end(), platform) == front_end_platforms.end()) {
        candidates.push_back({"local", text});
    }
    return candidates;
}

std::string shown(const learner_arg& learner) { return learner.platform + ':' + learner.external_id; }

} // namespace quiz::bot::cli
