// SPDX-License-Identifier: MIT
#include "bot/tutoring/guide_link.hpp"

#include "bot/http/url_encoding.hpp"

namespace quiz::bot::tutoring {

std::string guide_path(const guide_section& guide)
{
    return "/guide/" + http::percent_encode(guide.pack.value()) + "/" + http::percent_encode(guide.section.value()) +
           "?lang=" + std::string(engine::code(guide.lang));
}

std::string guide_url(const link_base& links, const guide_section& guide)
{
    return links.public_url + guide_path(guide);
}

} // namespace quiz::bot::tutoring
