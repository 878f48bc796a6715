// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace quiz::bot::dashboard {

/// What a signed link lets its holder see: one class (scope), on behalf of one instructor, until a moment.
struct report_grant {
    std::string scope;      ///< "discord:<guild>", "slack:<team>", optionally "/<channel>"; "local" for everything
    std::string instructor; ///< who asked for it: "discord:<user>", "slack:<team>:<user>", "cli"
    std::chrono::sys_seconds until;
    friend bool operator==(const report_grant&, const report_grant&) = default;
};

/// Why a link is refused; the dashboard's 401 page says which.
enum class link_refusal {
    missing, ///< no link parameters at all
    forged,  ///< malformed, or the signature does not match (another scope, another instructor, another server)
    expired, ///< signed here, but its hour is over
};

/// The parts of a link as its query string carries them (`scope`, `by`, `until`, `sig`).
struct link_fields {
    std::optional<std::string_view> scope;
    std::optional<std::string_view> by;
    std::optional<std::string_view> until;
    std::optional<std::string_view> sig;
};

/// Signs and checks dashboard links: HMAC-SHA256 with the server's key over the scope, the instructor and the expiry,
/// compared in constant time. The key comes from QUIZBOT_REPORT_SECRET or is generated once and kept in the database
/// (docs/reports.md, "Who sees what").
class report_links {
public:
    /// `key`: at least 32 bytes. Throws std::invalid_argument otherwise.
    explicit report_links(std::string key);

    /// The query string of a link for `grant` ("scope=...&by=...&until=...&sig=..."), percent-encoded.
    [[nodiscard]] std::string query(const report_grant& grant) const;

    /// The grant a link carries, or why it is refused at `now`.
    [[nodiscard]] std::variant<report_grant, link_refusal> check(const link_fields& fields,
                                                                 std::chrono::sys_seconds now) const;

private:
    [[nodiscard]] std::array<unsigned char, 32> mac(const report_grant& grant) const;

    std::string key_;
};

} // namespace quiz::bot::dashboard
