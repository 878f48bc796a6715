// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"

#include <string>
#include <string_view>

namespace quiz::content {

/// Lowercase hex SHA-256 of `bytes`.
[[nodiscard]] std::string sha256_hex(std::string_view bytes);

/// The question's structure and every language's text as one unambiguous byte string (format in
/// docs/pack-format.md, "Content hash"). `content_hash` is not part of it.
[[nodiscard]] std::string canonical_form(const engine::question& q);

/// sha256_hex(canonical_form(q)): any edit to the question, in any language, gives a new value.
[[nodiscard]] std::string content_hash(const engine::question& q);

} // namespace quiz::content
