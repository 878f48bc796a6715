// SPDX-License-Identifier: MIT
#include "bot/tutoring/texts.hpp"

#include <array>
#include <string_view>
#include <vector>

namespace quiz::bot::tutoring {

namespace {

// In the order of the enum.
// clang-format off
constexpr std::array<engine::bilingual, 34> sentences{{
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
    {"Your answer is in: {letter}. It is judged at the reveal.",
     "Votre réponse est enregistrée\u00a0: {letter}. Elle sera jugée à la révélation."},
    {"Your answer is already in: {letter}. An answer cannot be changed before the reveal.",
     "Votre réponse est déjà enregistrée\u00a0: {letter}. Une réponse ne peut pas changer avant la révélation."},
    {"A round is already under way in this channel: answer its question to join, or wait for its end.",
     "Une partie est déjà en cours dans ce salon\u00a0: répondez à sa question pour la rejoindre, ou attendez sa fin."},
    {"This round is full ({max} players).", "Cette partie est complète ({max}\u00a0joueurs)."},
    {"Only the host of the round can do that.", "Seule la personne qui a lancé la partie peut faire cela."},
    {"This question is closed: its answer has been revealed. Nothing was recorded.",
     "Cette question est close\u00a0: sa réponse a été révélée. Rien n’a été enregistré."},
    {"That question is no longer open. Nothing was recorded.",
     "Cette question n’est plus ouverte. Rien n’a été enregistré."},
    {"This round has ended.", "Cette partie est terminée."},
    {"There is no such round.", "Cette partie n’existe pas."},
    {"A round has 1 to {max_questions} questions, with {min_seconds} to {max_seconds} seconds for each.",
     "Une partie compte de 1 à {max_questions}\u00a0questions, avec {min_seconds} à {max_seconds}\u00a0secondes "
     "pour chacune."},
    {"You missed nothing in this round: nothing to review.",
     "Vous n’avez rien manqué dans cette partie\u00a0: rien à réviser."},
    {"Reveal", "Révéler"},
    {"End the round", "Terminer la partie"},
    {"Review my misses", "Réviser mes erreurs"},
    {"Join", "Rejoindre"},
    {"Most chosen wrong answer: {letter} ({count} {count, plural, one {answer} other {answers}}).",
     "Mauvaise réponse la plus choisie\u00a0: {letter} ({count}\u00a0{count, plural, one {réponse} other {réponses}})."},
    {"Hardest question: {stem}", "Question la plus difficile\u00a0: {stem}"},
    {"Host: {name}", "Hôte\u00a0: {name}"},
    {"quizbot is very busy right now: nothing was recorded. Please try again in a few seconds.",
     "quizbot est très sollicité en ce moment\u00a0: rien n’a été enregistré. Réessayez dans quelques secondes."},
}};
// clang-format on

} // namespace

std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args)
{
    return engine::say_in(sentences, t, lang, args);
}

} // namespace quiz::bot::tutoring
