// SPDX-License-Identifier: MIT
#include "bot/secret.hpp"

#include <ostream>

namespace quiz::bot {

std::ostream& operator<<(std::ostream& out, const secret& s) { return out << s.redacted(); }

} // namespace quiz::bot
