// SPDX-License-Identifier: MIT
// The coroutine form of client::send, for code that already runs on Asio.
#pragma once

#include "bot/outbound/client.hpp"

#include <boost/asio/awaitable.hpp>

namespace quiz::bot::outbound {

/// `auto r = co_await co_send(client, std::move(req));` Runs on the caller's executor; same behaviour as send().
[[nodiscard]] boost::asio::awaitable<result> co_send(client& c, request req);

} // namespace quiz::bot::outbound
