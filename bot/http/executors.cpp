// SPDX-License-Identifier: MIT
#include "bot/http/executors.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <memory>

namespace quiz::bot::http {

executors executors_on(boost::asio::io_context& context)
{
    return {
        [&context](std::function<void()> f) { boost::asio::post(context, std::move(f)); },
        [&context](std::chrono::milliseconds delay, std::function<void()> f) {
            auto timer = std::make_shared<boost::asio::steady_timer>(context, delay);
            timer->async_wait([timer, f = std::move(f)](const boost::system::error_code& error) {
                if (!error) {
                    f();
                }
            });
        },
    };
}

} // namespace quiz::bot::http
