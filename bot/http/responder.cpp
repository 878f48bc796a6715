// SPDX-License-Identifier: MIT
#include "bot/http/responder.hpp"

#include <atomic>

namespace quiz::bot::http {

struct responder::state {
    explicit state(sink d) : deliver(std::move(d)) {}
    state(const state&) = delete;
    state& operator=(const state&) = delete;

    ~state()
    {
        if (!sent.exchange(true)) {
            try {
                deliver([] { return error_response(500, "internal error", {}); });
            } catch (...) {
                // Nothing sensible is left to do in a destructor; the server's deadline still closes the request.
            }
        }
    }

    sink deliver;
    std::atomic<bool> sent{false};
};

responder::responder(sink deliver) : state_(std::make_shared<state>(std::move(deliver))) {}

responder::builder responder::ready(response r)
{
    return [r = std::move(r)] { return r; };
}

void responder::send(response r) const { send_built(ready(std::move(r))); }

void responder::send_built(builder build) const
{
    if (!state_->sent.exchange(true)) {
        state_->deliver(std::move(build));
    }
}

bool responder::sent() const noexcept { return state_->sent.load(); }

} // namespace quiz::bot::http
