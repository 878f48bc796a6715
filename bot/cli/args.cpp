// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"

#include <algorithm>

namespace quiz::bot::cli {

namespace {
bool listed(std::initializer_list<std::string_view> names, std::string_view name)
{
    return std::find(names.begin(), names.end(), name) != names.end();
}
} // namespace

args args::parse(const std::vector<std::string_view>& words, std::initializer_list<std::string_view> valued,
                 std::initializer_list<std::string_view> flags)
{
    args result;
    bool only_positionals = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view word = words[i];
        if (only_positionals || word.size() < 3 || word.substr(0, 2) != "--") {
            if (word == "--") {
                only_positionals = true;
                continue;
            }
            result.positionals_.emplace_back(word);
            continue;
        }
        const auto eq = word.find('=');
        const std::string_view name = word.substr(2, eq == std::string_view::npos ? std::string_view::npos : eq - 2);
        if (listed(valued, name)) {
            std::string value;
            if (eq != std::string_view::npos) {
                value = std::string(word.substr(eq + 1));
            } else if (i + 1 < words.size()) {
                value = std::string(words[++i]);
            } else {
                throw usage_error("option --" + std::string(name) + " needs a value");
            }
            result.values_[std::string(name)] = std::move(value);
        } else if (listed(flags, name) && eq == std::string_view::npos) {
            result.flags_.emplace_back(name);
        } else {
            throw usage_error("unknown option --" + std::string(name));
        }
    }
    return result;
}

std::optional<std::string> args::value(std::string_view name) const
{
    const auto it = values_.find(name);
    if (it == values_.end()) {
        return std::nullopt;
    }
    return it->second;
}

std::string args::value_or(std::string_view name, std::string fallback) const
{
    auto found = value(name);
    return found ? std::move(*found) : std::move(fallback);
}

bool args::flag(std::string_view name) const { return std::find(flags_.begin(), flags_.end(), name) != flags_.end(); }

} // namespace quiz::bot::cli
