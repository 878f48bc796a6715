// SPDX-License-Identifier: MIT
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::cli {

/// A command-line mistake: reported with the command's usage and exit code 2.
class usage_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Parsed arguments of one subcommand: positionals, `--name value` / `--name=value` options and `--flag`s.
class args {
public:
    /// `valued` lists the options that take a value, `flags` those that do not; anything else is a usage_error.
    static args parse(const std::vector<std::string_view>& words, std::initializer_list<std::string_view> valued,
                      std::initializer_list<std::string_view> flags = {});

    [[nodiscard]] const std::vector<std::string>& positionals() const noexcept { return positionals_; }
    [[nodiscard]] std::optional<std::string> value(std::string_view name) const;
    [[nodiscard]] std::string value_or(std::string_view name, std::string fallback) const;
    [[nodiscard]] bool flag(std::string_view name) const;

private:
    std::vector<std::string> positionals_;
    std::map<std::string, std::string, std::less<>> values_;
    std::vector<std::string> flags_;
};

} // namespace quiz::bot::cli
