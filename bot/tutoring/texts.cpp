// SPDX-License-Identifier: MIT
#include "bot/tutoring/texts.hpp"

#include <array>
#include <string_view>
#include <vector>

namespace quiz::bot::tutoring {

namespace {

struct entry {
    std::string_view en;
    std::string_view fr; ///< French typography as in the engine's catalogue
};

// In the order of the enum.
// clang-format off
constexpr std::array<entry, 15> entries{{
    {"Next", "Suivant"},
    {"New session", "Nouvelle session"},
    {"Start a session", "Commencer une session"},
    {"Review", "Réviser"},
    {"From now on I speak English with you.", "Désormais, je vous parle en français."},
    {"This erases everything quizbot keeps about you: answers, progress, sessions and settings. It cannot be undone.",
     "Cela efface tout ce que quizbot garde sur vous\u00a0: réponses, progrès, sessions et réglages. C’est "
     "irréversible."},
    {"Erase everything", "Tout effacer"},
    {"Cancel", "Annuler"},
    {"Done: everything quizbot kept about you is erased.",
     "C’est fait\u00a0: tout ce que quizbot gardait sur vous est effacé."},
    {"Nothing was erased.", "Rien n’a été effacé."},
    {"quizbot keeps nothing about you.", "quizbot ne garde rien sur vous."},
    {"There is no pack “{pack}”. Packs: {list}.",
     "Il n’y a pas de paquet «\u00a0{pack}\u00a0». Paquets\u00a0: {list}."},
    {"There is no concept “{concept}” in this pack. Concepts: {list}.",
     "Il n’y a pas de notion «\u00a0{concept}\u00a0» dans ce paquet. Notions\u00a0: {list}."},
    {"This button is no longer in use.", "Ce bouton ne sert plus."},
    {"Sorry, that did not work: nothing was recorded. Please try again in a moment.",
     "Désolé, cela n’a pas fonctionné\u00a0: rien n’a été enregistré. Réessayez dans un instant."},
}};
// clang-format on

} // namespace

std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args)
{
    const auto& e = entries[static_cast<std::size_t>(t)];
    return engine::format_pattern(lang == engine::language::fr ? e.fr : e.en, lang,
                                  std::vector<engine::message_arg>(args));
}

} // namespace quiz::bot::tutoring
