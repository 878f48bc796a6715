// SPDX-License-Identifier: MIT
// A dashboard link's query string on arbitrary bytes: parsing and checking it must not crash, and whatever it
// accepts must be exactly what the server would have signed (no second form of a valid link).
#include "bot/dashboard/report_link.hpp"
#include "bot/http/url_encoding.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

namespace {

const quiz::bot::dashboard::report_links links(std::string(32, 'k'));
const std::chrono::sys_seconds now{std::chrono::seconds{1'772'442'000}};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view query(reinterpret_cast<const char*>(data), size);
    const auto fields = quiz::bot::http::parse_form(query);
    if (!fields) {
        return 0;
    }
    quiz::bot::dashboard::link_fields seen;
    for (const auto& [name, value] : *fields) {
        if (name == "scope") {
            seen.scope = value;
        } else if (name == "by") {
            seen.by = value;
        } else if (name == "until") {
            seen.until = value;
        } else if (name == "sig") {
            seen.sig = value;
        }
    }
    const auto checked = links.check(seen, now);
    if (const auto* grant = std::get_if<quiz::bot::dashboard::report_grant>(&checked)) {
        // Accepted: the scope, the person and the expiry are what a signature covers, and it is still valid.
        if (grant->until <= now || grant->scope != *seen.scope || grant->instructor != *seen.by) {
            std::abort();
        }
    }
    return 0;
}
