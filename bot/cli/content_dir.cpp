// SPDX-License-Identifier: MIT
#include "bot/cli/content_dir.hpp"

#include "bot/cli/option_values.hpp"
#include "content/pack_loader.hpp"

#include <algorithm>
#include <ostream>
#include <vector>

namespace quiz::bot::cli {

std::filesystem::path content_dir(const args& parsed)
{
    return option_or_env(parsed, "content", "QUIZBOT_CONTENT", default_content_dir);
}

std::optional<engine::pack> load_pack_named(const std::filesystem::path& dir, std::string_view key, std::ostream& err)
{
    const std::vector<std::filesystem::path> paths{dir};
    auto loaded = content::load_packs(paths);
    const auto found = std::find_if(loaded.packs.begin(), loaded.packs.end(),
                                    [&](const engine::pack& p) { return p.key.value() == key; });
    if (found != loaded.packs.end()) {
        return std::move(*found);
    }
    for (const auto& problem : loaded.diagnostics) {
        if (problem.level == content::diagnostic::severity::error) {
            err << problem << '\n';
        }
    }
    err << "error: no valid pack '" << key << "' in " << dir.string()
        << " (see --pack, --content and QUIZBOT_CONTENT)\n";
    return std::nullopt;
}

} // namespace quiz::bot::cli
