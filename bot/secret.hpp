// SPDX-License-Identifier: MIT
#pragma once

#include <fmt/core.h>

#include <iosfwd>
#include <string>
#include <string_view>

namespace quiz::bot {

/// A credential (token, signing secret). Printing it, through a stream or fmt/spdlog, shows "<redacted>" (or
/// "<unset>"), so it cannot leak into logs, error messages or help text by accident.
class secret {
public:
    secret() = default;
    explicit secret(std::string value) : value_(std::move(value)) {}

    [[nodiscard]] bool empty() const noexcept { return value_.empty(); }
    /// The value itself, for the one place that needs it: an Authorization header, an HMAC key.
    [[nodiscard]] const std::string& reveal() const noexcept { return value_; }
    [[nodiscard]] std::string_view redacted() const noexcept { return value_.empty() ? "<unset>" : "<redacted>"; }

    friend bool operator==(const secret&, const secret&) = default;

private:
    std::string value_;
};

std::ostream& operator<<(std::ostream& out, const secret& s);

} // namespace quiz::bot

template <>
struct fmt::formatter<quiz::bot::secret> : fmt::formatter<fmt::string_view> {
    template <class Context>
    auto format(const quiz::bot::secret& s, Context& ctx) const
    {
        const auto text = s.redacted();
        return fmt::formatter<fmt::string_view>::format(fmt::string_view(text.data(), text.size()), ctx);
    }
};
