// SPDX-License-Identifier: MIT
#include "bot/http/request_framing.hpp"

#include "bot/http/message.hpp"

#include <algorithm>
#include <vector>

namespace quiz::bot::http {

namespace beast = boost::beast;

header_span find_header(std::string_view data)
{
    header_span span;
    span.start = std::min(data.find_first_not_of("\r\n"), data.size());
    const auto crlf = data.find("\r\n\r\n", span.start);
    const auto lf = data.find("\n\n", span.start); // bare LF line endings: the parser refuses them itself
    span.end = std::min(crlf == std::string_view::npos ? crlf : crlf + 4, lf == std::string_view::npos ? lf : lf + 2);
    return span;
}

std::optional<refusal> refuse_header(std::string_view header, std::size_t limit)
{
    if (header.size() > limit) {
        return refusal{431, "request header fields too large"};
    }
    for (std::size_t i = 0; i + 1 < header.size(); ++i) {
        if (header[i] == '\n' && (header[i + 1] == ' ' || header[i + 1] == '\t')) {
            return refusal{400, "obsolete line folding"};
        }
    }
    return std::nullopt;
}

std::optional<refusal> refuse_framing(const beast::http::request_header<>& header)
{
    std::vector<std::string_view> codings;
    const auto [first, last] = header.equal_range(beast::http::field::transfer_encoding);
    for (auto field = first; field != last; ++field) {
        std::string_view list(field->value().data(), field->value().size());
        while (!list.empty()) {
            const auto comma = list.find(',');
            auto coding = list.substr(0, comma);
            coding.remove_prefix(std::min(coding.find_first_not_of(" \t"), coding.size()));
            coding.remove_suffix(coding.size() - std::min(coding.find_last_not_of(" \t") + 1, coding.size()));
            if (!coding.empty()) {
                codings.push_back(coding);
            }
            list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        }
    }
    if (first != last && codings.empty()) {
        return refusal{400, "transfer coding must end with chunked, once"}; // the field names none: length unknown
    }
    if (!codings.empty()) {
        const auto chunked = static_cast<std::size_t>(
            std::count_if(codings.begin(), codings.end(), [](auto c) { return iequals(c, "chunked"); }));
        if (!iequals(codings.back(), "chunked") || chunked != 1) {
            return refusal{400, "transfer coding must end with chunked, once"};
        }
        if (codings.size() != 1) {
            return refusal{501, "transfer coding not implemented"};
        }
    }
    const auto hosts = header.count(beast::http::field::host);
    if (hosts > 1 || (hosts == 0 && header.version() >= 11)) {
        return refusal{400, "a request needs exactly one Host field"};
    }
    return std::nullopt;
}

} // namespace quiz::bot::http
