// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace quiz::bot::http {

// What every front end's request parser gives back (Discord's interactions, Slack's forms and payloads, the
// playground's JSON): the value, or why the request is refused and with which status, as a value, never thrown.
// Header-only: the fuzz targets build the parsers without the rest of bot/http.

/// A request refused: the status to answer (400 for a malformed body, 401, 404, 429, ...) and a reason the client
/// can act on (error_response writes both).
struct refusal {
    unsigned status = 400;
    std::string reason;
    friend bool operator==(const refusal&, const refusal&) = default;
};

template <class T>
class parsed {
public:
    // Implicit, so that a parser returns either a value or a refusal as is.
    parsed(T value) : value_(std::in_place_index<0>, std::move(value)) {}
    parsed(refusal refused) : value_(std::in_place_index<1>, std::move(refused)) {}

    [[nodiscard]] bool ok() const noexcept { return value_.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    /// The value; only when ok().
    [[nodiscard]] T& operator*() & { return std::get<0>(value_); }
    [[nodiscard]] const T& operator*() const& { return std::get<0>(value_); }
    [[nodiscard]] T&& operator*() && { return std::get<0>(std::move(value_)); }
    [[nodiscard]] T* operator->() { return &std::get<0>(value_); }
    [[nodiscard]] const T* operator->() const { return &std::get<0>(value_); }

    /// Why it was refused; only when !ok().
    [[nodiscard]] const refusal& error() const { return std::get<1>(value_); }

private:
    std::variant<T, refusal> value_;
};

} // namespace quiz::bot::http
