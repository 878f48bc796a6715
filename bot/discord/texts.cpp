// SPDX-License-Identifier: MIT
#include "bot/discord/texts.hpp"

#include <array>

namespace quiz::bot::discord {

namespace {

struct entry {
    std::string_view en;
    std::string_view fr;
};

// In the order of the enum.
constexpr std::array<entry, 15> texts{{
    {"Next", "Suivant"},
    {"New session", "Nouvelle session"},
    {"**/quiz start** [pack] [concept]: a tutoring session (due reviews first, then new questions)\n"
     "**/quiz review**: only the reviews that are due\n"
     "**/quiz stats**: your progress\n"
     "**/quiz lang**: the language I speak to you in\n"
     "**/quiz forget-me**: erase everything I know about you\n"
     "Answer with the buttons under each question. In a server, your session is shown to you only.",
     "**/quiz commencer** [paquet] [notion]\u00a0: une session de tutorat (d’abord les révisions dues, puis des "
     "questions nouvelles)\n"
     "**/quiz réviser**\u00a0: seulement les révisions dues\n"
     "**/quiz stats**\u00a0: vos progrès\n"
     "**/quiz langue**\u00a0: la langue dans laquelle je vous parle\n"
     "**/quiz oublie-moi**\u00a0: effacer tout ce que je sais de vous\n"
     "Répondez avec les boutons sous chaque question. Sur un serveur, votre session n’est visible que par vous."},
    {"From now on I speak English with you.", "Désormais, je vous parle en français."},
    {"This erases everything quizbot keeps about you: answers, progress, sessions and settings. It cannot be undone.",
     "Cela efface tout ce que quizbot garde sur vous\u00a0: réponses, progrès, sessions et réglages. C’est "
     "irréversible."},
    {"Erase everything", "Tout effacer"},
    {"Cancel", "Annuler"},
    {"Done: everything quizbot kept about you is erased.", "C’est fait\u00a0: tout ce que quizbot gardait sur vous est "
                                                           "effacé."},
    {"Nothing was erased.", "Rien n’a été effacé."},
    {"quizbot keeps nothing about you.", "quizbot ne garde rien sur vous."},
    {"You already answered this question: your first answer is the one recorded.",
     "Vous avez déjà répondu à cette question\u00a0: c’est votre première réponse qui est enregistrée."},
    {"There is no pack “{pack}”. Packs: {list}.",
     "Il n’y a pas de paquet «\u00a0{pack}\u00a0». Paquets\u00a0: {list}."},
    {"There is no concept “{concept}” in this pack. Concepts: {list}.",
     "Il n’y a pas de notion «\u00a0{concept}\u00a0» dans ce paquet. Notions\u00a0: {list}."},
    {"This button is no longer in use.", "Ce bouton ne sert plus."},
    {"Sorry, that did not work. Please try again in a moment.",
     "Désolé, cela n’a pas fonctionné. Réessayez dans un instant."},
}};

} // namespace

std::string_view text_in(text t, engine::language lang) noexcept
{
    const auto& e = texts[static_cast<std::size_t>(t)];
    return lang == engine::language::fr ? e.fr : e.en;
}

engine::language language_of_locale(std::string_view locale) noexcept
{
    return locale == "fr" || locale.starts_with("fr-") ? engine::language::fr : engine::language::en;
}

} // namespace quiz::bot::discord
