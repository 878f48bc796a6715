// SPDX-License-Identifier: MIT
#include "bot/cli/learner_arg.hpp"

#include "bot/cli/args.hpp"

#include <array>

namespace quiz::bot::cli {

learner_arg parse_learner_arg(const std::string& text)
{
    static constexpr std::array platforms{"discord", "slack", "web", "local"};
    const auto colon = text.find(':');
    if (colon != std::string::npos) {
        const std::string platform = text.substr(0, colon);
        for (const char* known : platforms) {
            if (platform == known) {
                if (colon + 1 == text.size()) {
                    throw usage_error("'" + text + "' has no id after the platform");
                }
                return {platform, text.substr(colon + 1)};
            }
        }
    }
    return {"local", text};
}

} // namespace quiz::bot::cli
