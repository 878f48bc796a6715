// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace quiz::content {

/// One problem found in a pack file. `line` is 1-based; 0 means the whole file (missing, unreadable, misnamed).
struct diagnostic {
    enum class severity { error, warning };

    std::string file;
    std::size_t line = 0;
    std::string message;
    severity level = severity::error;

    friend bool operator==(const diagnostic&, const diagnostic&) = default;
};

/// "file:line: error: message", or "file: error: message" when the line is 0.
[[nodiscard]] std::string to_string(const diagnostic& d);
std::ostream& operator<<(std::ostream& out, const diagnostic& d);

/// The file's name without its folder, as messages about one file of a pack name another.
[[nodiscard]] std::string file_name(const std::string& path);

[[nodiscard]] std::size_t count(const std::vector<diagnostic>& diagnostics, diagnostic::severity level) noexcept;
[[nodiscard]] bool has_errors(const std::vector<diagnostic>& diagnostics) noexcept;

/// Appends diagnostics for one file.
class reporter {
public:
    reporter(std::string file, std::vector<diagnostic>& out) : file_(std::move(file)), out_(&out) {}

    void error(std::size_t line, std::string message) const;
    void warning(std::size_t line, std::string message) const;
    [[nodiscard]] const std::string& file() const noexcept { return file_; }

private:
    std::string file_;
    std::vector<diagnostic>* out_;
};

} // namespace quiz::content
