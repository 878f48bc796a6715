// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/screens.hpp"

#include <string>

namespace quiz::bot::tutoring {

/// `/guide/<pack>/<section>?lang=xx`, percent-encoded: the web guide's page for the section.
[[nodiscard]] std::string guide_path(const guide_section& guide);

/// Where the links of chat messages and the terminal point: the server's public URL.
struct link_base {
    std::string public_url; ///< no trailing '/'
};

/// The guide_path on the server at `links`.
[[nodiscard]] std::string guide_url(const link_base& links, const guide_section& guide);

} // namespace quiz::bot::tutoring
