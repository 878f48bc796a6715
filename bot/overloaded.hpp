// SPDX-License-Identifier: MIT
#pragma once

namespace quiz::bot {

/// One visitor from several lambdas, for std::visit.
template <class... F>
struct overloaded : F... {
    using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>; // clang 14 does not deduce aggregates by itself

} // namespace quiz::bot
