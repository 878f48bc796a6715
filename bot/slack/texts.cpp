// SPDX-License-Identifier: MIT
#include "bot/slack/texts.hpp"

#include <array>
#include <string_view>
#include <vector>

namespace quiz::bot::slack {

namespace {

struct entry {
    text id;
    std::string_view en;
    std::string_view fr; ///< French typography as in the engine's catalogue
};

// clang-format off
constexpr std::array entries{
    entry{text::help,
     "*{command}* commands:\n"
     "• `{command} start [pack] [concept]`: a quiz session (the default pack; or one pack; or one concept)\n"
     "• `{command} review`: only the questions due for review\n"
     "• `{command} stats`: your progress\n"
     "• `{command} lang en|fr`: the language of the quiz\n"
     "• `{command} group [pack] [questions] [seconds]`: a study group's round in this channel\n"
     "• `{command} remind [on [HH:MM] [zone] | off]`: a direct message when your reviews are due, at your hour\n"
     "• `{command} forget-me`: erase everything the bot knows about you\n"
     "• `{command} report [pack] [here]`: for instructors, the class's progress and a dashboard link, privately\n"
     "In a direct message with the bot, type the letter of an answer, `next` or `stats`.",
     "Commandes *{command}*\u00a0:\n"
     "• `{command} start [pack] [concept]`\u00a0: une session de quiz (le pack par défaut, un pack ou un concept)\n"
     "• `{command} review`\u00a0: seulement les questions à revoir\n"
     "• `{command} stats`\u00a0: votre progression\n"
     "• `{command} lang en|fr`\u00a0: la langue du quiz\n"
     "• `{command} group [pack] [questions] [secondes]`\u00a0: une partie en groupe dans ce salon\n"
     "• `{command} remind [on [HH:MM] [fuseau] | off]`\u00a0: un message direct quand vos révisions sont dues, à "
     "votre heure\n"
     "• `{command} forget-me`\u00a0: effacer tout ce que le bot sait de vous\n"
     "• `{command} report [pack] [here]`\u00a0: pour les enseignants, les progrès de la classe et un lien vers le "
     "tableau de bord, en privé\n"
     "En message direct avec le bot, tapez la lettre d’une réponse, `next` ou `stats`."},
    entry{text::lang_usage, "Usage: `{command} lang en` or `{command} lang fr`.",
     "Utilisation\u00a0: `{command} lang en` ou `{command} lang fr`."},
    entry{text::unknown_command, "Unknown command `{word}`.", "Commande inconnue\u00a0: `{word}`."},
    entry{text::home_title, "Your progress: {pack}", "Votre progression\u00a0: {pack}"},
    entry{text::home_nothing_yet, "No answer yet: start a session to begin.",
     "Aucune réponse pour l’instant\u00a0: commencez une session."},
    entry{text::dm_hint, "Type the letter of an answer, `next` or `stats`; `{command} start` begins a session.",
     "Tapez la lettre d’une réponse, `next` ou `stats`\u00a0; `{command} start` commence une session."},
    entry{text::choice_button, "{letter}. {choice}", "{letter}. {choice}"},
    entry{text::group_usage,
     "Usage: `{command} group [pack] [questions] [seconds]`, for instance `{command} group 5 30`.",
     "Utilisation\u00a0: `{command} group [pack] [questions] [secondes]`, par exemple `{command} group 5 30`."},
    entry{text::round_not_judged_yet, "Nothing is judged yet: answers are judged when the answer is revealed.",
     "Rien n’est encore jugé\u00a0: les réponses sont jugées quand la réponse est révélée."},
    entry{text::round_not_answered, "You did not answer the question just revealed.",
     "Vous n’avez pas répondu à la question qui vient d’être révélée."},
    entry{text::how_did_i_do_button, "How did I do?", "Voir mon résultat"},
};
// clang-format on

} // namespace

std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args)
{
    for (const auto& e : entries) {
        if (e.id == t) {
            return engine::format_pattern(lang == engine::language::fr ? e.fr : e.en, lang,
                                          std::vector<engine::message_arg>(args));
        }
    }
    return {};
}

} // namespace quiz::bot::slack
