// SPDX-License-Identifier: MIT
#pragma once

#include "bot/tutoring/screens.hpp"

#include <string>

namespace quiz::bot::tutoring {

/// `/guide/<pack>/<section>?lang=xx`, percent-encoded: the web guide's page for the section. Chat front ends put
/// the server's public URL in front.
[[nodiscard]] std::string guide_path(const guide_section& guide);

} // namespace quiz::bot::tutoring
