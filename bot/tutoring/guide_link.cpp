// SPDX-License-Identifier: MIT
#include "bot/tutoring/guide_link.hpp"

#include "bot/http/url_encoding.hpp"

namespace quiz::bot::tutoring {

std::string guide_path(const guide_section& guide)
{
    return "/guide/" + http::percent_encode(guide.pack.value()) + "/" + http::percent_encode(guide.section.value()) +
           "?lang=" + std::string(engine::code(guide.lang));
}

} // namespace quiz::bot::tutoring
