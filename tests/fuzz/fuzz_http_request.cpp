// SPDX-License-Identifier: MIT
// A request's first bytes as the server reads them: the header found and checked on its bytes (size, obs-fold), then
// Beast's parser with the server's limits, then RFC 9112's framing rules. None may crash; a refusal is a 400, 431 or
// 501, and a request let through has the framing the rules promise.
#include "bot/http/message.hpp"
#include "bot/http/request_framing.hpp"

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    namespace http = quiz::bot::http;
    namespace beast = boost::beast;
    constexpr std::size_t header_limit = 1024; // small, so that the fuzzer reaches it
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    const auto span = http::find_header(input);
    if (span.start > input.size()) {
        std::abort();
    }
    if (span.end == std::string_view::npos) {
        return 0; // the server reads on
    }
    if (span.end < span.start || span.end > input.size()) {
        std::abort();
    }
    const auto header = input.substr(span.start, span.end - span.start);
    if (const auto refused = http::refuse_header(header, header_limit)) {
        if (refused->status != 400 && refused->status != 431) {
            std::abort();
        }
        if (refused->status == 431 && header.size() <= header_limit) {
            std::abort(); // the limit is exact
        }
        return 0;
    }
    if (header.size() > header_limit) {
        std::abort();
    }

    beast::http::request_parser<beast::http::string_body> parser;
    parser.header_limit(header_limit + 1024);
    parser.body_limit(64 * 1024);
    parser.eager(true);
    beast::error_code ec;
    const auto body = input.substr(span.start);
    const auto used = parser.put(boost::asio::buffer(body.data(), body.size()), ec);
    if (used > body.size()) {
        std::abort();
    }
    if (ec || !parser.is_header_done()) {
        return 0; // the server answers the parser's error (400, 413, 431) or reads on
    }
    const auto& message = parser.get();
    if (const auto refused = http::refuse_framing(message.base())) {
        if (refused->status != 400 && refused->status != 501) {
            std::abort();
        }
        return 0;
    }
    // Let through: at most one Host, and one for HTTP/1.1; a Transfer-Encoding is exactly "chunked".
    const auto hosts = message.count(beast::http::field::host);
    if (hosts > 1 || (hosts == 0 && message.version() >= 11)) {
        std::abort();
    }
    // Several Transfer-Encoding fields form one list, whose empty elements do not count (RFC 9110, 5.3 and 5.6.1):
    // what is let through names exactly one coding, chunked.
    std::string codings;
    const auto [te_first, te_last] = message.equal_range(beast::http::field::transfer_encoding);
    for (auto field = te_first; field != te_last; ++field) {
        codings.append(field->value().data(), field->value().size()).push_back(',');
    }
    if (te_first != te_last) {
        std::size_t named = 0;
        bool chunked = false;
        std::size_t start = 0;
        for (std::size_t comma = codings.find(','); comma != std::string::npos;
             start = comma + 1, comma = codings.find(',', start)) {
            const std::string_view element(codings.data() + start, comma - start);
            const auto first = element.find_first_not_of(" \t");
            if (first == std::string_view::npos) {
                continue;
            }
            ++named;
            chunked = http::iequals(element.substr(first, element.find_last_not_of(" \t") + 1 - first), "chunked");
        }
        if (named != 1 || !chunked) {
            std::abort();
        }
    }
    return 0;
}
