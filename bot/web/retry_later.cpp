// SPDX-License-Identifier: MIT
#include "bot/web/retry_later.hpp"

#include "bot/http/message.hpp"

namespace quiz::bot::web {

http::response retry_later(std::string_view reason, const std::string& request_id)
{
    auto out = http::error_response(503, reason, request_id);
    out.fields.set("Retry-After", "1");
    return out;
}

} // namespace quiz::bot::web
