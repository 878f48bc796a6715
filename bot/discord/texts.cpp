// SPDX-License-Identifier: MIT
#include "bot/discord/texts.hpp"

namespace quiz::bot::discord {

namespace {

constexpr std::string_view help_en =
    "**/quiz start** [pack] [concept]: a tutoring session (due reviews first, then new questions)\n"
    "**/quiz review**: only the reviews that are due\n"
    "**/quiz stats**: your progress\n"
    "**/quiz lang**: the language I speak to you in\n"
    "**/quiz remind** [switch] [time] [zone]: a DM when your reviews are due, at your hour\n"
    "**/quiz forget-me**: erase everything I know about you\n"
    "**/quiz group** [pack] [questions] [seconds]: a study-group round in this channel, everyone on the same "
    "questions\n"
    "**/quiz report** [pack] [here]: for instructors, the class's progress and a dashboard link, privately\n"
    "Answer with the buttons under each question. In a server, your session is shown to you only.";
constexpr std::string_view help_fr =
    "**/quiz commencer** [paquet] [notion]\u00a0: une session de tutorat (d’abord les révisions dues, puis des "
    "questions nouvelles)\n"
    "**/quiz réviser**\u00a0: seulement les révisions dues\n"
    "**/quiz stats**\u00a0: vos progrès\n"
    "**/quiz langue**\u00a0: la langue dans laquelle je vous parle\n"
    "**/quiz rappel** [etat] [heure] [fuseau]\u00a0: un message privé quand vos révisions sont dues, à votre heure\n"
    "**/quiz oublie-moi**\u00a0: effacer tout ce que je sais de vous\n"
    "**/quiz groupe** [paquet] [questions] [secondes]\u00a0: une partie en groupe dans ce salon, tout le monde sur "
    "les mêmes questions\n"
    "**/quiz rapport** [paquet] [ici]\u00a0: pour les enseignants, les progrès de la classe et un lien vers le "
    "tableau de bord, en privé\n"
    "Répondez avec les boutons sous chaque question. Sur un serveur, votre session n’est visible que par vous.";

constexpr std::string_view group_place_en =
    "Study-group rounds are played in a server channel or a group DM. Here, use **/quiz start**.";
constexpr std::string_view group_place_fr =
    "Les parties en groupe se jouent dans un salon de serveur ou un groupe privé. Ici, utilisez **/quiz commencer**.";

} // namespace

std::string_view group_place_text(engine::language lang) noexcept
{
    return lang == engine::language::fr ? group_place_fr : group_place_en;
}

std::string closes_text(engine::language lang, std::int64_t unix_seconds)
{
    // Discord writes the relative time in each reader's own language ("in 10 seconds", "dans 10 secondes").
    const std::string when = "<t:" + std::to_string(unix_seconds) + ":R>";
    return (lang == engine::language::fr ? "Fin " : "Closes ") + when;
}

std::string_view help_text(engine::language lang) noexcept { return lang == engine::language::fr ? help_fr : help_en; }

} // namespace quiz::bot::discord
