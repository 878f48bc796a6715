// SPDX-License-Identifier: MIT
#include "bot/tutoring/learner_entry.hpp"

namespace quiz::bot::tutoring {

std::optional<learner_context> enter(engine::identity_directory& identities, const actor& who)
{
    const auto entry = who.known_only ? identities.enter_known_learner(who.identity, who.display_name)
                                      : std::optional(identities.ensure_learner(who.identity, who.display_name));
    if (!entry) {
        return std::nullopt;
    }
    learner_context ctx;
    ctx.platform = who.identity.platform;
    ctx.learner = entry->id;
    ctx.reminders_refused = entry->reminders_refused;
    if (who.workspace) {
        ctx.workspace = identities.join_workspace(*who.workspace, who.workspace_name, ctx.learner);
    }
    const auto& stored = entry->language;
    if (who.platform_lang && (!stored || (!stored->chosen && stored->lang != *who.platform_lang))) {
        identities.set_language(ctx.learner, {*who.platform_lang, false});
        ctx.lang = *who.platform_lang;
    } else {
        ctx.lang = stored ? stored->lang : engine::language::en;
    }
    return ctx;
}

} // namespace quiz::bot::tutoring
