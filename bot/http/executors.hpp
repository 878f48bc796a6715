// SPDX-License-Identifier: MIT
#pragma once

#include <chrono>
#include <functional>

namespace boost::asio {
class io_context;
}

namespace quiz::bot::http {

/// Where the server's parts run work on its IO threads: at once (`post`) or after a delay (`later`, a timer on the
/// context: work whose time comes once the context has stopped never runs). Built once from the context
/// (executors_on); copies share it, and the context must outlive every call.
struct executors {
    std::function<void(std::function<void()>)> post;
    std::function<void(std::chrono::milliseconds, std::function<void()>)> later;
};

[[nodiscard]] executors executors_on(boost::asio::io_context& context);

} // namespace quiz::bot::http
