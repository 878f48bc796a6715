// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace quiz::bot::web {

/// A new learner token: 32 lowercase hex digits (128 bits) from OpenSSL's CSPRNG. The token is the playground
/// learner's only credential, so it must not be guessable. Throws std::runtime_error if the CSPRNG fails.
[[nodiscard]] std::string new_learner_token();

/// Whether `token` has the shape new_learner_token() gives.
[[nodiscard]] bool valid_learner_token(std::string_view token) noexcept;

} // namespace quiz::bot::web
