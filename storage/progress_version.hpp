// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace quiz::storage {

/// A new learner.progress_version: drawn at random (1 to 2^62), never the count of changes. A tutor keeps a
/// learner's model at the version its unit wrote; a count would let a unit whose transaction was rolled back after
/// that (a group commit's batch failing) and another node's later change write the same version over a different
/// state. A random one is never written twice.
[[nodiscard]] std::int64_t fresh_progress_version();

} // namespace quiz::storage
