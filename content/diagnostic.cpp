// SPDX-License-Identifier: MIT
#include "content/diagnostic.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>

namespace quiz::content {

std::string to_string(const diagnostic& d)
{
    std::string text = d.file;
    if (d.line != 0) {
        text += ':';
        text += std::to_string(d.line);
    }
    text += d.level == diagnostic::severity::error ? ": error: " : ": warning: ";
    text += d.message;
    return text;
}

std::ostream& operator<<(std::ostream& out, const diagnostic& d) { return out << to_string(d); }

std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

std::size_t count(const std::vector<diagnostic>& diagnostics, diagnostic::severity level) noexcept
{
    return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                  [level](const diagnostic& d) { return d.level == level; }));
}

bool has_errors(const std::vector<diagnostic>& diagnostics) noexcept
{
    return count(diagnostics, diagnostic::severity::error) != 0;
}

void reporter::error(std::size_t line, std::string message) const
{
    out_->push_back({file_, line, std::move(message), diagnostic::severity::error});
}

void reporter::warning(std::size_t line, std::string message) const
{
    out_->push_back({file_, line, std::move(message), diagnostic::severity::warning});
}

} // namespace quiz::content
