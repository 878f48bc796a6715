// SPDX-License-Identifier: MIT
#include "engine/rounds/group_round.hpp"

#include "engine/learner/recall_view.hpp"
#include "engine/numeric/logistic_regression.hpp"
#include "engine/tutor/choice_order.hpp"
#include "engine/tutor/session.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace quiz::engine {

namespace {

round_player* find_player(round_state& state, learner_id learner)
{
    const auto it = std::find_if(state.players.begin(), state.players.end(),
                                 [&](const round_player& p) { return p.learner == learner; });
    return it == state.players.end() ? nullptr : &*it;
}

bool has_answered(const round_state& state, learner_id learner)
{
    return std::any_of(state.answers.begin(), state.answers.end(),
                       [&](const round_answer& a) { return a.learner == learner; });
}

void close_question(round_state& state, close_reason reason)
{
    state.phase = round_phase::closed;
    state.closed_by = reason;
    for (auto& player : state.players) {
        player.present += 1;
    }
}

/// One member's need for question q (choose_for_group).
double member_need(const pack_index& index, const learner_model& model, const std::vector<group_view>& groups,
                   std::uint32_t q, const question_memory& memory, instant now, const tutor_config& config)
{
    const auto& group = groups[index.group_of(q)];
    if (!memory.seen()) {
        return 0.5 * (1.0 - logistic(model.ease(q) + group.form));
    }
    double need = 1.0 - memory_recall(model, memory, now);
    need += config.missed_bonus * static_cast<double>(std::min(memory.wrong, 3));
    for (const auto m : index.misconceptions_of(q)) {
        if (model.open_misconception[m] != 0) {
            need += config.misconception_bonus;
            break;
        }
    }
    return need;
}

} // namespace

round_state open_round(workspace_id workspace, std::string channel, learner_id host, pack_key pack, language lang,
                       round_options options, std::uint64_t seed, instant now, std::span<const learner_id> members)
{
    round_state state;
    state.workspace = workspace;
    state.channel = std::move(channel);
    state.host = host;
    state.pack = std::move(pack);
    state.lang = lang;
    state.options = options;
    state.seed = seed;
    state.opened_at = now;
    state.deadline = now;
    join_round(state, host, now);
    for (const auto member : members) {
        join_round(state, member, now);
    }
    return state;
}

std::chrono::seconds answer_time(const pack_index& index, std::uint32_t q, language lang,
                                 const round_options& options) noexcept
{
    const auto words = static_cast<std::int64_t>(index.word_count(q, lang));
    const std::chrono::seconds wanted{10 + (words + 2) / 3};
    return std::clamp(wanted, options.min_time, std::max(options.min_time, options.max_time));
}

std::optional<std::uint32_t> choose_for_group(const pack_index& index, std::span<const learner_model* const> members,
                                              const tutor_config& config, instant now,
                                              std::span<const std::uint32_t> exclude)
{
    std::vector<std::vector<group_view>> views;
    views.reserve(members.size());
    for (const learner_model* member : members) {
        views.push_back(view_groups(index, *member, config));
    }
    std::vector<double> need(index.question_count(), 0.0);
    const question_memory never_answered{};
    for (std::size_t m = 0; m < members.size(); ++m) {
        // The member's questions met are in question order: walked beside the pack's, not searched per question.
        const auto met = members[m]->memory.questions();
        const auto rows = members[m]->memory.rows();
        std::size_t next = 0;
        for (std::uint32_t q = 0; q < index.question_count(); ++q) {
            const bool stored = next < met.size() && met[next] == q;
            const auto& memory = stored ? rows[next++] : never_answered;
            need[q] += member_need(index, *members[m], views[m], q, memory, now, config);
        }
    }
    std::optional<std::uint32_t> best;
    double best_need = -std::numeric_limits<double>::infinity();
    for (std::uint32_t q = 0; q < index.question_count(); ++q) {
        if (need[q] > best_need && std::find(exclude.begin(), exclude.end(), q) == exclude.end()) {
            best_need = need[q];
            best = q;
        }
    }
    return best;
}

std::optional<question_card> ask_next(round_state& state, const pack_index& index,
                                      std::span<const learner_model* const> members, const tutor_config& config,
                                      instant now)
{
    if (state.phase == round_phase::ended) {
        return std::nullopt;
    }
    if (state.phase == round_phase::open) {
        close_question(state, close_reason::host);
    }
    std::vector<std::uint32_t> exclude;
    for (const auto& key : state.asked) {
        if (const auto q = index.find(key)) {
            exclude.push_back(*q);
        }
    }
    const auto chosen = static_cast<int>(state.sequence) < state.options.questions
                            ? choose_for_group(index, members, config, now, exclude)
                            : std::nullopt;
    if (!chosen) {
        end_round(state);
        return std::nullopt;
    }
    const question& item = index.at(*chosen);
    state.sequence += 1;
    state.phase = round_phase::open;
    state.question = item.key;
    state.asked.push_back(item.key);
    state.order =
        choice_order(state.seed, state.id.value(), item.key, static_cast<int>(state.sequence), item.choice_count());
    state.opened_at = now;
    state.deadline = now + answer_time(index, *chosen, state.lang, state.options);
    state.closed_by.reset();
    state.answers.clear();
    return round_card(state, index);
}

question_card round_card(const round_state& state, const pack_index& index)
{
    question_card card;
    if (!state.question) {
        return card;
    }
    const auto q = index.find(*state.question);
    if (!q) {
        return card;
    }
    const question& item = index.at(*q);
    const question_text* text = item.text.best(state.lang);
    card.sequence = state.sequence;
    card.question = item.key;
    card.reason = pick_reason::review;
    card.lang = state.lang;
    if (text != nullptr) {
        card.stem = text->stem;
        for (const auto choice : state.order) {
            card.choices.push_back(choice < text->choices.size() ? text->choices[choice].text : std::string{});
        }
    }
    card.section = item.section;
    const guide_section* section = index.content().find(item.section);
    const std::string* title = section != nullptr ? section->title.best(state.lang) : nullptr;
    card.section_title = title != nullptr ? *title : item.section.value();
    card.progress.position = static_cast<int>(state.sequence);
    card.progress.planned = std::max(state.options.questions, static_cast<int>(state.sequence));
    card.deadline = state.deadline;
    return card;
}

void join_round(round_state& state, learner_id learner, instant now)
{
    if (find_player(state, learner) == nullptr) {
        state.players.push_back({learner, now, 0, 0, 0, std::chrono::milliseconds{0}});
    }
}

round_answer_status check_round_answer(const round_state& state, learner_id learner, const round_token& token,
                                       std::uint32_t displayed, instant now) noexcept
{
    if (state.phase == round_phase::ended) {
        return round_answer_status::ended;
    }
    if (token.round != state.id || token.sequence != state.sequence || !state.question) {
        return round_answer_status::stale;
    }
    if (state.phase != round_phase::open || now >= state.deadline) {
        return round_answer_status::closed;
    }
    if (has_answered(state, learner)) {
        return round_answer_status::already_answered;
    }
    if (displayed >= state.order.size()) {
        return round_answer_status::invalid_choice;
    }
    return round_answer_status::accepted;
}

round_answer submit_answer(round_state& state, const pack_index& index, learner_id learner, std::uint32_t displayed,
                           instant now)
{
    const auto q = *index.find(*state.question);
    round_answer answer;
    answer.learner = learner;
    answer.displayed = displayed;
    answer.chosen = state.order[displayed];
    answer.correct = answer.chosen == index.at(q).correct;
    answer.response_time = std::chrono::duration_cast<std::chrono::milliseconds>(now - state.opened_at);
    state.answers.push_back(answer);
    round_player* found = find_player(state, learner);
    if (found == nullptr) {
        state.players.push_back({learner, now, 0, 0, 0, std::chrono::milliseconds{0}});
        found = &state.players.back();
    }
    round_player& player = *found;
    player.answered += 1;
    player.correct += answer.correct ? 1 : 0;
    player.answer_time += answer.response_time;
    const bool everyone = std::all_of(state.players.begin(), state.players.end(),
                                      [&](const round_player& p) { return has_answered(state, p.learner); });
    if (everyone) {
        close_question(state, close_reason::all_answered);
    }
    return answer;
}

bool close_if_due(round_state& state, instant now)
{
    if (state.phase != round_phase::open || now < state.deadline) {
        return false;
    }
    close_question(state, close_reason::timer);
    return true;
}

reveal_status reveal_by_host(round_state& state, learner_id by)
{
    if (by != state.host) {
        return reveal_status::not_host;
    }
    if (state.phase != round_phase::open) {
        return reveal_status::not_open;
    }
    close_question(state, close_reason::host);
    return reveal_status::revealed;
}

round_reveal make_reveal(const round_state& state, const pack_index& index)
{
    round_reveal reveal;
    if (!state.question) {
        return reveal;
    }
    const auto q = *index.find(*state.question);
    const question& item = index.at(q);
    reveal.question = item.key;
    reveal.closed_by = state.closed_by.value_or(close_reason::timer);
    const feedback told = make_feedback(index, q, state.order, static_cast<std::uint32_t>(item.correct), state.lang);
    reveal.answer = told.answer;
    reveal.distribution.assign(state.order.size(), 0);
    std::vector<int> wrong_by_choice(item.choice_count(), 0);
    for (const auto& answer : state.answers) {
        reveal.distribution[answer.displayed] += 1;
        if (!answer.correct) {
            wrong_by_choice[answer.chosen] += 1;
        }
    }
    const auto most = std::max_element(wrong_by_choice.begin(), wrong_by_choice.end());
    if (most != wrong_by_choice.end() && *most > 0) {
        const auto choice = static_cast<std::uint32_t>(most - wrong_by_choice.begin());
        if (const auto m = index.misconception_of_choice(q, choice)) {
            const auto& tag = index.content().misconceptions[*m];
            const std::string* label = tag.label.best(state.lang);
            reveal.common_misconception = label != nullptr ? *label : tag.key.value();
        }
        reveal.common_wrong = make_feedback(index, q, state.order, choice, state.lang).chosen;
    }
    reveal.section = told.section;
    reveal.section_title = told.section_title;
    reveal.answered = static_cast<int>(state.answers.size());
    reveal.players = static_cast<int>(state.players.size());
    return reveal;
}

round_view view_round(const round_state& state, const pack_index& index, instant now)
{
    round_view view;
    view.card = round_card(state, index);
    view.answered = static_cast<int>(state.answers.size());
    view.players = static_cast<int>(state.players.size());
    if (state.phase == round_phase::open && now < state.deadline) {
        view.remaining = std::chrono::ceil<std::chrono::seconds>(state.deadline - now);
    }
    return view;
}

std::vector<score_line> scoreboard(const round_state& state)
{
    std::vector<score_line> lines;
    for (const auto& player : state.players) {
        score_line line;
        line.learner = player.learner;
        line.present = player.present;
        line.answered = player.answered;
        line.correct = player.correct;
        line.mean_answer_time = player.answered > 0 ? player.answer_time / player.answered
                                                    : std::chrono::milliseconds{0};
        lines.push_back(line);
    }
    // a/b > c/d without division: a*d > c*b (b, d >= 0; a player present for nothing counts as 0).
    const auto better_accuracy = [](const score_line& a, const score_line& b) {
        const std::int64_t left = static_cast<std::int64_t>(a.correct) * std::max(b.present, 1);
        const std::int64_t right = static_cast<std::int64_t>(b.correct) * std::max(a.present, 1);
        return left > right;
    };
    const auto same_standing = [&](const score_line& a, const score_line& b) {
        return !better_accuracy(a, b) && !better_accuracy(b, a) && a.correct == b.correct &&
               a.mean_answer_time == b.mean_answer_time;
    };
    std::stable_sort(lines.begin(), lines.end(), [&](const score_line& a, const score_line& b) {
        if (better_accuracy(a, b) || better_accuracy(b, a)) {
            return better_accuracy(a, b);
        }
        if (a.correct != b.correct) {
            return a.correct > b.correct;
        }
        if (a.answered == 0 || b.answered == 0) {
            return a.answered > b.answered;
        }
        return a.mean_answer_time < b.mean_answer_time;
    });
    for (std::size_t i = 0; i < lines.size(); ++i) {
        lines[i].rank = i > 0 && same_standing(lines[i], lines[i - 1]) ? lines[i - 1].rank : static_cast<int>(i) + 1;
    }
    return lines;
}

void end_round(round_state& state) noexcept
{
    if (state.phase == round_phase::open) {
        close_question(state, close_reason::host);
    }
    state.phase = round_phase::ended;
}

std::optional<feedback> judged_answer(const round_state& state, const pack_index& index, learner_id learner,
                                      language lang)
{
    if (state.phase == round_phase::open || !state.question || !state.closed_by) {
        return std::nullopt;
    }
    const auto mine = std::find_if(state.answers.begin(), state.answers.end(),
                                   [&](const round_answer& a) { return a.learner == learner; });
    const auto q = index.find(*state.question);
    if (mine == state.answers.end() || !q) {
        return std::nullopt;
    }
    return make_feedback(index, *q, state.order, mine->chosen, lang);
}

std::optional<question_key> hardest_question(std::span<const round_attempt> attempts)
{
    struct tally {
        question_key question;
        int answers = 0;
        int right = 0;
    };
    std::vector<tally> tallies; // in the order first answered, which is the order asked
    for (const auto& a : attempts) {
        auto it =
            std::find_if(tallies.begin(), tallies.end(), [&](const tally& t) { return t.question == a.question; });
        if (it == tallies.end()) {
            tallies.push_back({a.question, 0, 0});
            it = std::prev(tallies.end());
        }
        it->answers += 1;
        it->right += a.correct ? 1 : 0;
    }
    const tally* hardest = nullptr;
    for (const auto& t : tallies) {
        // right/answers < best.right/best.answers, without division
        const auto lhs = static_cast<long>(t.right) * (hardest ? hardest->answers : 1);
        const auto rhs = hardest ? static_cast<long>(hardest->right) * t.answers : 0L;
        if (hardest == nullptr || lhs < rhs || (lhs == rhs && t.answers > hardest->answers)) {
            hardest = &t;
        }
    }
    return hardest ? std::optional(hardest->question) : std::nullopt;
}

std::vector<question_key> missed_by(std::span<const round_attempt> attempts, learner_id learner)
{
    std::vector<question_key> missed;
    for (const auto& a : attempts) {
        if (a.learner == learner && !a.correct && std::find(missed.begin(), missed.end(), a.question) == missed.end()) {
            missed.push_back(a.question);
        }
    }
    return missed;
}

} // namespace quiz::engine
