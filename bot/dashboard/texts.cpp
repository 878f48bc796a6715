// SPDX-License-Identifier: MIT
#include "bot/dashboard/texts.hpp"

#include <array>
#include <cstddef>

namespace quiz::bot::dashboard {

namespace {

struct sentence {
    std::string_view en;
    std::string_view fr;
};

// In the order of `phrase`; a static_assert below keeps them in step.
constexpr std::array sentences{
    sentence{"Instructor dashboard", "Tableau de bord de l’enseignant"},
    sentence{"Overview", "Vue d’ensemble"},
    sentence{"Questions", "Questions"},
    sentence{"Learners", "Apprenants"},
    sentence{"Concepts", "Notions"},
    sentence{"Activity", "Activité"},
    sentence{"Class", "Classe"},
    sentence{"Pack", "Module"},
    sentence{"Learners active in the last 7 days", "Apprenants actifs ces 7 derniers jours"},
    sentence{"Learners in all", "Apprenants en tout"},
    sentence{"Answers", "Réponses"},
    sentence{"First-attempt accuracy", "Réussite au premier essai"},
    sentence{"Answers per day (last 30 days)", "Réponses par jour (30 derniers jours)"},
    sentence{"Mastery per concept (share of learners)", "Maîtrise par notion (part des apprenants)"},
    sentence{"Hardest questions", "Questions les plus difficiles"},
    sentence{"Most chosen misconceptions", "Idées fausses les plus choisies"},
    sentence{"first answers", "premières réponses"},
    sentence{"Learners needing help", "Apprenants à aider"},
    sentence{"Listed: 5 reviews or more overdue, or, after at least 10 answers, a mean mastery below 50 % over the "
             "concepts they answered on. Figures: that mastery, and the reviews overdue.",
             "Sont listés : 5 révisions ou plus en retard, ou, après au moins 10 réponses, une maîtrise moyenne sous "
             "50 % sur les notions abordées. Chiffres : cette maîtrise, et les révisions en retard."},
    sentence{"Nobody for now.", "Personne pour l’instant."},
    sentence{"No answers in this class yet.", "Pas encore de réponses dans cette classe."},
    sentence{"Download CSV", "Télécharger en CSV"},
    sentence{"Download JSON", "Télécharger en JSON"},
    sentence{"Français", "English"},
    sentence{"English", "Français"},
    sentence{"This link cannot open the dashboard", "Ce lien n’ouvre pas le tableau de bord"},
    sentence{"The link is incomplete: it lacks its signature.", "Le lien est incomplet : sa signature manque."},
    sentence{"The link’s signature does not match: it was altered or made for another server.",
             "La signature du lien ne correspond pas : il a été modifié ou fait pour un autre serveur."},
    sentence{"The link has expired: links are valid for one hour.", "Le lien a expiré : un lien vaut une heure."},
    sentence{"Ask the bot for a new link.", "Demandez un nouveau lien au bot."},
    sentence{"Facility against discrimination", "Facilité et discrimination"},
    sentence{"facility", "facilité"},
    sentence{"discrimination", "discrimination"},
    sentence{"Choices of the first answers", "Choix des premières réponses"},
    sentence{"right answer", "bonne réponse"},
    sentence{"Accuracy per week", "Réussite par semaine"},
    sentence{"week", "semaine"},
    sentence{"accuracy", "réussite"},
    sentence{"broken", "défectueuse"},
    sentence{"too hard", "trop difficile"},
    sentence{"too easy", "trop facile"},
    sentence{"weak", "peu discriminante"},
    sentence{"dubious", "douteuse"},
    sentence{"guessable", "devinable"},
    sentence{"reviews overdue", "révisions en retard"},
    sentence{"Link valid until", "Lien valable jusqu’à"},
};
static_assert(sentences.size() == static_cast<std::size_t>(phrase::valid_until) + 1);

} // namespace

std::string_view say(engine::language lang, phrase p) noexcept
{
    const auto& s = sentences[static_cast<std::size_t>(p)];
    return lang == engine::language::fr ? s.fr : s.en;
}

} // namespace quiz::bot::dashboard
