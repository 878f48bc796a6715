// SPDX-License-Identifier: MIT
#include "engine/text/catalog.hpp"

#include <algorithm>
#include <array>

namespace quiz::engine {

namespace {

struct entry {
    message id;
    std::string_view name;
    std::string_view en;
    std::string_view fr; ///< French typography: a no-break space (U+00A0) before : ! ? % and typographic apostrophes
};

// clang-format off
constexpr std::array<entry, message_count> entries{{
    {message::card_header_review, "card.header.review",
     "Review {position} of {planned}",
     "Révision {position} sur {planned}"},
    {message::card_header_new, "card.header.new",
     "New question {position} of {planned}",
     "Nouvelle question {position} sur {planned}"},
    {message::card_header_retry, "card.header.retry",
     "Another try {position} of {planned}",
     "Nouvel essai {position} sur {planned}"},
    {message::card_header_follow_up, "card.header.follow_up",
     "Follow-up {position} of {planned}",
     "Question de suivi {position} sur {planned}"},
    {message::card_header_practice, "card.header.practice",
     "Practice {position} of {planned}",
     "Entraînement {position} sur {planned}"},
    {message::card_header_round, "card.header.round",
     "Question {position} of {planned}",
     "Question {position} sur {planned}"},
    {message::card_due_remaining, "card.due_remaining",
     "{count, plural, =0 {nothing else due} other {# more due}}",
     "{count, plural, =0 {plus rien à revoir} one {encore # question à revoir} other {encore # questions à revoir}}"},
    {message::card_follow_up_note, "card.follow_up_note",
     "This one probes the same confusion: {label}.",
     "Celle-ci porte sur la même confusion\u00a0: {label}."},
    {message::card_practice_note, "card.practice_note",
     "Nothing is due: practice on what you are most likely to have forgotten.",
     "Rien à revoir\u00a0: entraînement sur ce que vous risquez le plus d’avoir oublié."},
    {message::card_retry_note, "card.retry_note",
     "You missed this one a few questions ago.",
     "Cette question vous a posé problème il y a quelques questions."},
    {message::card_guide, "card.guide",
     "Guide: {section}",
     "Guide\u00a0: {section}"},
    {message::card_how_to_answer, "card.how_to_answer",
     "Answer with a letter.",
     "Répondez par une lettre."},
    {message::card_terminal_prompt, "card.terminal_prompt",
     "Your answer (A to {last}; stats, forget-me, or q to quit):",
     "Votre réponse (A à {last}\u00a0; stats, forget-me, ou q pour quitter)\u00a0:"},
    {message::card_closes_in, "card.closes_in",
     "{seconds, plural, one {Closes in # second} other {Closes in # seconds}}",
     "{seconds, plural, one {Fermeture dans # seconde} other {Fermeture dans # secondes}}"},
    {message::feedback_right, "feedback.right",
     "Right!",
     "Bonne réponse\u00a0!"},
    {message::feedback_wrong, "feedback.wrong",
     "Not quite.",
     "Pas tout à fait."},
    {message::feedback_chosen, "feedback.chosen",
     "You chose {letter}: {choice}",
     "Vous avez choisi {letter}\u00a0: {choice}"},
    {message::feedback_misconception, "feedback.misconception",
     "You chose {letter}, a common confusion: {label}.",
     "Vous avez choisi {letter}, une confusion fréquente\u00a0: {label}."},
    {message::feedback_answer, "feedback.answer",
     "The answer is {letter}: {choice}",
     "La bonne réponse est {letter}\u00a0: {choice}"},
    {message::feedback_follow_up, "feedback.follow_up",
     "Next, a question on the same confusion.",
     "Ensuite, une question sur la même confusion."},
    {message::feedback_retry, "feedback.retry",
     "This question comes back in a few questions.",
     "Cette question reviendra dans quelques questions."},
    {message::feedback_comes_back, "feedback.comes_back",
     "{days, plural, =1 {Next review: tomorrow.} other {Next review in # days.}}",
     "{days, plural, =1 {Prochaine révision\u00a0: demain.} other {Prochaine révision dans # jours.}}"},
    {message::feedback_guide, "feedback.guide",
     "Read more: {section}",
     "Pour aller plus loin\u00a0: {section}"},
    {message::feedback_replayed, "feedback.replayed",
     "You already answered this question: here is that answer's feedback again; nothing new was recorded.",
     "Vous avez déjà répondu à cette question\u00a0: voici à nouveau le retour sur cette réponse\u00a0; rien de nouveau n’a été enregistré."},
    {message::feedback_terminal_prompt, "feedback.terminal_prompt",
     "Enter or n: next question; A to {last}: your answer's feedback again; stats, forget-me, or q to quit:",
     "Entrée ou n\u00a0: question suivante\u00a0; A à {last}\u00a0: revoir le retour sur votre réponse\u00a0; stats, forget-me, ou q pour quitter\u00a0:"},
    {message::answer_stale, "answer.stale",
     "That question is no longer on screen: your answer was not recorded.",
     "Cette question n’est plus à l’écran\u00a0: votre réponse n’a pas été enregistrée."},
    {message::answer_invalid_choice, "answer.invalid_choice",
     "There is no such choice.",
     "Ce choix n’existe pas."},
    {message::answer_ended, "answer.ended",
     "This session is over.",
     "Cette session est terminée."},
    {message::answer_no_session, "answer.no_session",
     "No quiz in progress.",
     "Aucun quiz en cours."},
    {message::summary_title, "summary.title",
     "Session over",
     "Session terminée"},
    {message::summary_score, "summary.score",
     "{correct} right out of {answered} ({percent}%)",
     "{correct, plural, one {# bonne réponse} other {# bonnes réponses}} sur {answered} ({percent}\u00a0%)"},
    {message::summary_mix, "summary.mix",
     "{reviews, plural, one {# review} other {# reviews}}, {fresh, plural, one {# new question} other {# new questions}}",
     "{reviews, plural, one {# révision} other {# révisions}}, {fresh, plural, one {# nouvelle question} other {# nouvelles questions}}"},
    {message::summary_practice, "summary.practice",
     "{count, plural, one {# practice question} other {# practice questions}}",
     "{count, plural, one {# question d’entraînement} other {# questions d’entraînement}}"},
    {message::summary_asked_again, "summary.asked_again",
     "{count, plural, one {# missed question asked again} other {# missed questions asked again}}",
     "{count, plural, one {# question manquée reposée} other {# questions manquées reposées}}"},
    {message::summary_follow_ups, "summary.follow_ups",
     "{count, plural, one {# follow-up question on a confusion} other {# follow-up questions on confusions}}",
     "{count, plural, one {# question de suivi sur une confusion} other {# questions de suivi sur des confusions}}"},
    {message::summary_to_revisit, "summary.to_revisit",
     "To revisit: {list}",
     "À revoir\u00a0: {list}"},
    {message::summary_due_remaining, "summary.due_remaining",
     "{count, plural, one {# question is still due.} other {# questions are still due.}}",
     "{count, plural, one {# question reste à revoir.} other {# questions restent à revoir.}}"},
    {message::summary_next_due, "summary.next_due",
     "{days, plural, =0 {Next review: today.} =1 {Next review: tomorrow.} other {Next review in # days.}}",
     "{days, plural, =0 {Prochaine révision\u00a0: aujourd’hui.} =1 {Prochaine révision\u00a0: demain.} other {Prochaine révision dans # jours.}}"},
    {message::summary_nothing_left, "summary.nothing_left",
     "Nothing to review and nothing new for now: come back later.",
     "Rien à revoir ni à découvrir pour l’instant\u00a0: revenez plus tard."},
    {message::summary_streak, "summary.streak",
     "{days, plural, one {Streak: # day} other {Streak: # days}}",
     "{days, plural, one {Série\u00a0: # jour} other {Série\u00a0: # jours}}"},
    {message::stats_title, "stats.title",
     "Your progress: {pack}",
     "Votre progression\u00a0: {pack}"},
    {message::stats_due, "stats.due",
     "{count, plural, =0 {Nothing to review now.} one {# question to review now.} other {# questions to review now.}}",
     "{count, plural, =0 {Rien à revoir maintenant.} one {# question à revoir maintenant.} other {# questions à revoir maintenant.}}"},
    {message::stats_seen, "stats.seen",
     "{seen} of {total} questions seen",
     "{seen, plural, one {# question vue} other {# questions vues}} sur {total}"},
    {message::stats_mastered, "stats.mastered",
     "Concepts mastered: {mastered} of {total}",
     "Notions maîtrisées\u00a0: {mastered} sur {total}"},
    {message::stats_concept_line, "stats.concept_line",
     "{label}: {percent}%",
     "{label}\u00a0: {percent}\u00a0%"},
    {message::stats_weakest, "stats.weakest",
     "To work on: {list}",
     "À travailler\u00a0: {list}"},
    {message::stats_accuracy, "stats.accuracy",
     "Accuracy: {percent}% over {answered, plural, one {# answer} other {# answers}}",
     "Taux de réussite\u00a0: {percent}\u00a0% sur {answered, plural, one {# réponse} other {# réponses}}"},
    {message::stats_best_streak, "stats.best_streak",
     "{days, plural, one {best: # day} other {best: # days}}",
     "{days, plural, one {record\u00a0: # jour} other {record\u00a0: # jours}}"},
    {message::round_answered, "round.answered",
     "{answered} of {players} answered",
     "{answered, plural, one {# sur {players} a répondu} other {# sur {players} ont répondu}}"},
    {message::round_closed_timer, "round.closed_timer",
     "Time is up.",
     "Temps écoulé."},
    {message::round_closed_all, "round.closed_all",
     "Everyone has answered.",
     "Tout le monde a répondu."},
    {message::round_closed_host, "round.closed_host",
     "The answer was revealed early.",
     "La réponse a été révélée avant la fin du temps."},
    {message::round_answer, "round.answer",
     "Answer {letter}: {choice}",
     "Réponse {letter}\u00a0: {choice}"},
    {message::round_distribution_line, "round.distribution_line",
     "{letter}: {count, plural, one {# answer} other {# answers}}",
     "{letter}\u00a0: {count, plural, one {# réponse} other {# réponses}}"},
    {message::round_common_confusion, "round.common_confusion",
     "Most common confusion: {label}",
     "Confusion la plus fréquente\u00a0: {label}"},
    {message::round_already_answered, "round.already_answered",
     "You already answered this question.",
     "Vous avez déjà répondu à cette question."},
    {message::round_closed, "round.closed",
     "This question is closed.",
     "Cette question est close."},
    {message::round_not_host, "round.not_host",
     "Only the person who started the round can reveal the answer.",
     "Seule la personne qui a lancé la partie peut révéler la réponse."},
    {message::round_scoreboard_title, "round.scoreboard_title",
     "Scoreboard",
     "Classement"},
    {message::round_score_line, "round.score_line",
     "{rank}. {name}: {correct} of {present} ({percent}%)",
     "{rank}. {name}\u00a0: {correct} sur {present} ({percent}\u00a0%)"},
    {message::round_over, "round.over",
     "Round over",
     "Partie terminée"},
}};
// clang-format on

constexpr bool entries_in_order()
{
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (static_cast<std::size_t>(entries[i].id) != i) {
            return false;
        }
    }
    return true;
}
static_assert(entries_in_order(), "catalogue entries must follow the order of enum class message");

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

std::string_view trim(std::string_view text)
{
    while (!text.empty() && is_space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && is_space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

/// The index of the '}' closing the '{' at `open`, or npos.
std::size_t matching_brace(std::string_view text, std::size_t open)
{
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
        if (text[i] == '{') {
            ++depth;
        } else if (text[i] == '}' && --depth == 0) {
            return i;
        }
    }
    return std::string_view::npos;
}

struct plural_branch {
    std::string_view selector;
    std::string_view body;
};

/// Splits "=0 {..} one {..} other {..}" into branches; false on a syntax error.
bool split_branches(std::string_view text, std::vector<plural_branch>& branches)
{
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && is_space(text[i])) {
            ++i;
        }
        if (i == text.size()) {
            return !branches.empty();
        }
        const std::size_t open = text.find('{', i);
        if (open == std::string_view::npos) {
            return false;
        }
        const std::size_t close = matching_brace(text, open);
        if (close == std::string_view::npos) {
            return false;
        }
        const auto selector = trim(text.substr(i, open - i));
        if (selector.empty()) {
            return false;
        }
        branches.push_back({selector, text.substr(open + 1, close - open - 1)});
        i = close + 1;
    }
}

struct placeholder {
    std::string_view name;
    bool plural = false;
    std::string_view branches; ///< when plural
};

/// Parses the inside of `{...}`; nullopt on a syntax error.
std::optional<placeholder> parse_placeholder(std::string_view inside)
{
    placeholder result;
    const auto comma = inside.find(',');
    result.name = trim(inside.substr(0, comma));
    if (result.name.empty()) {
        return std::nullopt;
    }
    if (comma == std::string_view::npos) {
        return result;
    }
    const auto rest = inside.substr(comma + 1);
    const auto second = rest.find(',');
    if (second == std::string_view::npos || trim(rest.substr(0, second)) != "plural") {
        return std::nullopt;
    }
    result.plural = true;
    result.branches = rest.substr(second + 1);
    return result;
}

const message_arg* find_arg(const std::vector<message_arg>& args, std::string_view name)
{
    const auto it = std::find_if(args.begin(), args.end(), [&](const message_arg& a) { return a.name == name; });
    return it == args.end() ? nullptr : &*it;
}

void format_into(std::string& out, std::string_view pattern, language lang, const std::vector<message_arg>& args,
                 std::optional<long long> hash_value)
{
    std::size_t i = 0;
    while (i < pattern.size()) {
        const char c = pattern[i];
        if (c == '#' && hash_value) {
            out += std::to_string(*hash_value);
            ++i;
            continue;
        }
        if (c != '{') {
            out += c;
            ++i;
            continue;
        }
        const std::size_t close = matching_brace(pattern, i);
        const auto parsed = close == std::string_view::npos ? std::nullopt
                                                            : parse_placeholder(pattern.substr(i + 1, close - i - 1));
        if (!parsed) {
            out.append(pattern.substr(i));
            return;
        }
        const message_arg* arg = find_arg(args, parsed->name);
        if (arg == nullptr) {
            out.append(pattern.substr(i, close - i + 1));
        } else if (!parsed->plural) {
            out += arg->number ? std::to_string(*arg->number) : arg->text;
        } else {
            std::vector<plural_branch> branches;
            const long long n = arg->number.value_or(0);
            if (split_branches(parsed->branches, branches)) {
                const std::string number = std::to_string(n);
                const auto is_exact = [&](std::string_view selector) {
                    return selector.size() == number.size() + 1 && selector[0] == '=' && selector.substr(1) == number;
                };
                const std::string_view category = plural_of(lang, n) == plural_category::one ? "one" : "other";
                const plural_branch* chosen = nullptr;
                for (const auto& b : branches) {
                    if (is_exact(b.selector)) {
                        chosen = &b;
                        break;
                    }
                }
                for (const auto& b : branches) {
                    if (chosen == nullptr && b.selector == category) {
                        chosen = &b;
                    }
                }
                for (const auto& b : branches) {
                    if (chosen == nullptr && b.selector == "other") {
                        chosen = &b;
                    }
                }
                if (chosen != nullptr) {
                    format_into(out, chosen->body, lang, args, n);
                }
            }
        }
        i = close + 1;
    }
}

void inspect_into(std::string_view pattern, pattern_info& info)
{
    std::size_t i = 0;
    while (i < pattern.size() && !info.error) {
        if (pattern[i] == '}') {
            info.error = "unmatched '}'";
            return;
        }
        if (pattern[i] != '{') {
            ++i;
            continue;
        }
        const std::size_t close = matching_brace(pattern, i);
        if (close == std::string_view::npos) {
            info.error = "unclosed '{'";
            return;
        }
        const auto parsed = parse_placeholder(pattern.substr(i + 1, close - i - 1));
        if (!parsed) {
            info.error = "bad placeholder '" + std::string(pattern.substr(i, close - i + 1)) + "'";
            return;
        }
        info.names.emplace_back(parsed->name);
        if (parsed->plural) {
            info.plural_names.emplace_back(parsed->name);
            std::vector<plural_branch> branches;
            if (!split_branches(parsed->branches, branches)) {
                info.error = "bad plural branches for '" + std::string(parsed->name) + "'";
                return;
            }
            bool has_other = false;
            for (const auto& b : branches) {
                const bool known = b.selector == "one" || b.selector == "other" ||
                                   (b.selector.size() > 1 && b.selector[0] == '=');
                if (!known) {
                    info.error = "unknown plural selector '" + std::string(b.selector) + "'";
                    return;
                }
                has_other = has_other || b.selector == "other";
                inspect_into(b.body, info);
            }
            if (!has_other) {
                info.error = "plural '" + std::string(parsed->name) + "' has no 'other' branch";
                return;
            }
        }
        i = close + 1;
    }
}

void sort_unique(std::vector<std::string>& names)
{
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
}

} // namespace

std::string_view message_id(message m) noexcept { return entries[static_cast<std::size_t>(m)].name; }

std::string_view message_template(message m, language lang) noexcept
{
    const auto& e = entries[static_cast<std::size_t>(m)];
    return lang == language::fr ? e.fr : e.en;
}

plural_category plural_of(language lang, long long n) noexcept
{
    switch (lang) {
    case language::fr:
        return n == 0 || n == 1 ? plural_category::one : plural_category::other;
    case language::en:
        return n == 1 ? plural_category::one : plural_category::other;
    }
    return plural_category::other;
}

std::string format_pattern(std::string_view pattern, language lang, const std::vector<message_arg>& args)
{
    std::string out;
    format_into(out, pattern, lang, args, std::nullopt);
    return out;
}

std::string format_message(message m, language lang, std::initializer_list<message_arg> args)
{
    return format_pattern(message_template(m, lang), lang, std::vector<message_arg>(args));
}

pattern_info inspect_pattern(std::string_view pattern)
{
    pattern_info info;
    inspect_into(pattern, info);
    sort_unique(info.names);
    sort_unique(info.plural_names);
    return info;
}

} // namespace quiz::engine
