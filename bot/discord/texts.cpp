// SPDX-License-Identifier: MIT
#include "bot/discord/texts.hpp"

namespace quiz::bot::discord {

namespace {

constexpr std::string_view help_en =
    "**/quiz start** [pack] [concept]: a tutoring session (due reviews first, then new questions)\n"
    "**/quiz review**: only the reviews that are due\n"
    "**/quiz stats**: your progress\n"
    "**/quiz lang**: the language I speak to you in\n"
    "**/quiz forget-me**: erase everything I know about you\n"
    "Answer with the buttons under each question. In a server, your session is shown to you only.";
constexpr std::string_view help_fr =
    "**/quiz commencer** [paquet] [notion]\u00a0: une session de tutorat (d’abord les révisions dues, puis des "
    "questions nouvelles)\n"
    "**/quiz réviser**\u00a0: seulement les révisions dues\n"
    "**/quiz stats**\u00a0: vos progrès\n"
    "**/quiz langue**\u00a0: la langue dans laquelle je vous parle\n"
    "**/quiz oublie-moi**\u00a0: effacer tout ce que je sais de vous\n"
    "Répondez avec les boutons sous chaque question. Sur un serveur, votre session n’est visible que par vous.";

} // namespace

std::string_view help_text(engine::language lang) noexcept { return lang == engine::language::fr ? help_fr : help_en; }

engine::language language_of_locale(std::string_view locale) noexcept
{
    return locale == "fr" || locale.starts_with("fr-") ? engine::language::fr : engine::language::en;
}

} // namespace quiz::bot::discord
