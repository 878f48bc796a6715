// SPDX-License-Identifier: MIT
#pragma once

#include "bot/http/message.hpp"

#include <functional>
#include <memory>

namespace quiz::bot::http {

/// Completes one request later, from any thread. Copies share one answer: the first `send` wins, later ones are
/// ignored. If every copy is destroyed without a `send`, the request is answered 500, so a handler that loses track
/// of a request cannot hang its connection.
class responder {
public:
    /// Makes the answer on the thread that writes it out (the connection's IO thread).
    using builder = std::function<response()>;
    using sink = std::function<void(builder)>;

    /// `deliver` receives the one answer; the server builds responders, handlers only receive them.
    explicit responder(sink deliver);

    void send(response r) const;
    /// Answers with what `build` returns, called later on the connection's IO thread: for answers decided on a
    /// thread that should not spend its time rendering them (the database writer). If `build` throws, the request
    /// is answered 500.
    void send_built(builder build) const;
    /// A builder giving an answer already made (for code that returns builders on some paths only).
    [[nodiscard]] static builder ready(response r);
    [[nodiscard]] bool sent() const noexcept;

private:
    struct state;
    std::shared_ptr<state> state_;
};

} // namespace quiz::bot::http
