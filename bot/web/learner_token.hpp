// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace quiz::bot::web {

/// The playground learner's only credential, so nobody but the server can make one: "<id>.<tag>", where the id is
/// 128 random bits from OpenSSL's CSPRNG and the tag the first 128 bits of HMAC-SHA256 over it with the server's key,
/// each as 32 lowercase hex digits. The learner is known by the id; the token stays in the page (a header or a body,
/// never a URL, which proxies log).
class learner_tokens {
public:
    /// `key`: at least 32 bytes, kept by the server (the database's secret, as for dashboard links).
    explicit learner_tokens(std::string key);

    /// A new learner's token. Throws std::runtime_error if the CSPRNG fails.
    [[nodiscard]] std::string issue() const;
    /// The learner id of a token this server issued; nullopt for anything else (checked in constant time).
    [[nodiscard]] std::optional<std::string> learner_of(std::string_view token) const;

private:
    [[nodiscard]] std::string tag(std::string_view id) const;

    std::string key_;
};

} // namespace quiz::bot::web
