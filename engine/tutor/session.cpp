// SPDX-License-Identifier: MIT
#include "engine/tutor/session.hpp"

#include "engine/tutor/choice_order.hpp"

#include <algorithm>

namespace quiz::engine {

namespace {

/// A question missed this often in one session is not queued again: it is due tomorrow anyway.
constexpr int max_misses_per_session = 1;

const question_text& text_of(const question& q, language lang)
{
    static const question_text empty;
    const question_text* text = q.text.best(lang);
    return text != nullptr ? *text : empty;
}

std::string section_title(const pack_index& index, const section_key& key, language lang)
{
    const guide_section* section = index.content().find(key);
    if (section == nullptr) {
        return key.value();
    }
    const std::string* title = section->title.best(lang);
    return title != nullptr ? *title : key.value();
}

std::string misconception_label(const pack_index& index, std::uint32_t m, language lang)
{
    const auto& tag = index.content().misconceptions[m];
    const std::string* label = tag.label.best(lang);
    return label != nullptr ? *label : tag.key.value();
}

std::optional<std::uint32_t> concept_filter(const session_state& state, const pack_index& index)
{
    if (!state.options.only_concept) {
        return std::nullopt;
    }
    // A concept the pack does not have matches nothing: an index past the end.
    return index.find(*state.options.only_concept).value_or(index.concept_count());
}

int new_allowed(const session_state& state, const learner_model& model, const tutor_config& config, instant now)
{
    if (state.options.scope == session_scope::reviews_only) {
        return 0;
    }
    return std::max(0, config.new_per_day - introduced_today(model, now));
}

std::vector<std::uint32_t> asked_indices(const session_state& state, const pack_index& index)
{
    std::vector<std::uint32_t> asked;
    for (const auto& result : state.results) {
        if (const auto q = index.find(result.question)) {
            asked.push_back(*q);
        }
    }
    if (state.current) {
        if (const auto q = index.find(state.current->question)) {
            asked.push_back(*q);
        }
    }
    return asked;
}

int misses_in_session(const session_state& state, const question_key& key)
{
    return static_cast<int>(std::count_if(state.results.begin(), state.results.end(),
                                          [&](const session_result& r) { return r.question == key && !r.correct; }));
}

card_progress progress_of(const session_state& state, const pack_index& index, const learner_model& model,
                          const tutor_config& config, instant now, std::uint32_t q)
{
    card_progress progress;
    progress.position = static_cast<int>(state.sequence);
    progress.planned = std::max(state.planned, progress.position);
    const auto due = summarize_due(index, model, config, now, concept_filter(state, index));
    progress.due_remaining = std::max(0, due.due - (is_due(index, model, q, now, config) ? 1 : 0));
    return progress;
}

/// The question the learner answered last, in any session: a new session does not start with it.
/// How long a question counts as just answered when a new session opens.
constexpr std::chrono::hours just_answered{1};

std::optional<std::uint32_t> last_answered(const learner_model& model)
{
    std::optional<std::uint32_t> last;
    std::optional<instant> latest;
    const auto met = model.memory.questions();
    const auto rows = model.memory.rows();
    for (std::size_t i = 0; i < met.size(); ++i) {
        const auto& review = rows[i].card.last_review;
        if (review && (!latest || *review > *latest)) {
            last = met[i];
            latest = review;
        }
    }
    return last;
}

} // namespace

session_state open_session(learner_id learner, std::optional<workspace_id> workspace, pack_key pack, venue where,
                           language lang, session_options options, std::uint64_t seed, instant now)
{
    session_state state;
    state.learner = learner;
    state.workspace = workspace;
    state.pack = std::move(pack);
    state.where = where;
    state.lang = lang;
    state.options = std::move(options);
    state.seed = seed;
    state.started_at = now;
    return state;
}

int session_length(const session_state& state, const tutor_config& config) noexcept
{
    return state.options.length > 0 ? state.options.length : config.session_length;
}

std::optional<question_card> present_next(session_state& state, const pack_index& index, const learner_model& model,
                                          const tutor_config& config, instant now)
{
    if (state.phase == session_phase::ended) {
        return std::nullopt;
    }
    const auto filter = concept_filter(state, index);
    std::vector<pending_retry> retries;
    for (const auto& retry : state.retries) {
        if (const auto q = index.find(retry.question)) {
            retries.push_back({*q, retry.ready_at});
        }
    }
    std::optional<std::uint32_t> follow_up;
    if (state.follow_up) {
        follow_up = index.find(*state.follow_up);
    }
    const bool budget_left = static_cast<int>(state.sequence) < session_length(state, config);
    if (!budget_left && retries.empty() && !follow_up) {
        state.phase = session_phase::ended;
        state.current.reset();
        return std::nullopt;
    }

    selection_request request;
    request.now = now;
    if (state.current) {
        request.previous = index.find(state.current->question);
    } else if (state.sequence > 0 || state.retries.empty()) {
        // The question answered last, when only just: never twice in a row. A day later it may be the one due.
        const auto last = last_answered(model);
        if (last && now - *model.memory[*last].card.last_review < just_answered) {
            request.previous = last;
        }
    } // else a session opened on retries (a round's misses): the first of them even if it was just answered
    request.presented = state.sequence;
    request.retries = retries;
    request.follow_up = follow_up;
    request.only_concept = filter;
    request.reviews_only = state.options.scope == session_scope::reviews_only;
    request.new_allowed = new_allowed(state, model, config, now);
    std::optional<pick> chosen;
    if (budget_left) {
        chosen = choose_next(index, model, config, request);
    } else if (follow_up && follow_up != request.previous) {
        // Past its length the session only finishes what it queued.
        chosen = pick{*follow_up, pick_reason::follow_up};
    } else {
        for (const auto& retry : retries) {
            if (retry.question != request.previous) {
                chosen = pick{retry.question, pick_reason::retry};
                break;
            }
        }
    }
    if (!chosen) {
        state.phase = session_phase::ended;
        state.current.reset();
        return std::nullopt;
    }

    if (state.sequence == 0) {
        const auto due = summarize_due(index, model, config, now, filter);
        int plan = due.due + std::min(request.new_allowed, due.unseen);
        if (plan == 0 && !request.reviews_only) {
            plan = static_cast<int>(index.question_count()) - due.unseen;
        }
        plan = std::max(plan, static_cast<int>(state.retries.size())); // a session opened on a round's misses
        state.planned = std::min(plan, session_length(state, config));
    }
    const std::uint32_t q = chosen->question;
    const question& item = index.at(q);
    state.sequence += 1;
    state.phase = session_phase::asking;
    state.current = shown_question{
        item.key,
        choice_order(state.seed, state.learner.value(), item.key, model.memory[q].attempts, item.choice_count()),
        chosen->reason, now};
    std::erase_if(state.retries, [&](const queued_retry& r) { return r.question == item.key; });
    if (chosen->reason == pick_reason::follow_up || (state.follow_up && *state.follow_up == item.key)) {
        state.follow_up.reset();
    }
    const int pending = static_cast<int>(state.retries.size()) + (state.follow_up ? 1 : 0);
    state.planned = std::max(state.planned, static_cast<int>(state.sequence) + pending);
    return current_card(state, index, model, config, now);
}

question_card current_card(const session_state& state, const pack_index& index, const learner_model& model,
                           const tutor_config& config, instant now)
{
    question_card card;
    if (!state.current) {
        return card;
    }
    const auto q = index.find(state.current->question);
    if (!q) {
        return card;
    }
    const question& item = index.at(*q);
    const question_text& text = text_of(item, state.lang);
    card.sequence = state.sequence;
    card.question = item.key;
    card.reason = state.current->reason;
    card.lang = state.lang;
    card.stem = text.stem;
    for (const auto choice : state.current->order) {
        card.choices.push_back(choice < text.choices.size() ? text.choices[choice].text : std::string{});
    }
    card.section = item.section;
    card.section_title = section_title(index, item.section, state.lang);
    card.progress = progress_of(state, index, model, config, now, *q);
    if (card.reason == pick_reason::follow_up) {
        for (const auto m : index.misconceptions_of(*q)) {
            if (model.open_misconception[m] != 0) {
                card.misconception_label = misconception_label(index, m, state.lang);
                break;
            }
        }
    }
    return card;
}

answer_check check_answer(const session_state& state, const session_token& token, std::uint32_t displayed,
                          const pack_index& index) noexcept
{
    if (state.phase == session_phase::ended) {
        return answer_check::ended;
    }
    if (token.session != state.id || token.sequence != state.sequence || state.phase != session_phase::asking ||
        !state.current) {
        return answer_check::stale;
    }
    const auto q = index.find(state.current->question);
    if (!q || displayed >= state.current->order.size()) {
        return answer_check::invalid_choice;
    }
    return answer_check::accepted;
}

feedback make_feedback(const pack_index& index, std::uint32_t q, const std::vector<std::uint32_t>& order,
                       std::uint32_t chosen, language lang)
{
    const question& item = index.at(q);
    const question_text& text = text_of(item, lang);
    const auto view = [&](std::uint32_t choice) {
        choice_view v;
        const auto at = std::find(order.begin(), order.end(), choice);
        v.position = static_cast<std::uint32_t>(at - order.begin());
        if (choice < text.choices.size()) {
            v.text = text.choices[choice].text;
            v.explanation = text.choices[choice].explanation;
        }
        return v;
    };
    feedback told;
    told.question = item.key;
    told.correct = chosen == item.correct;
    told.chosen = view(chosen);
    told.answer = view(static_cast<std::uint32_t>(item.correct));
    if (!told.correct) {
        if (const auto m = index.misconception_of_choice(q, chosen)) {
            told.misconception_label = misconception_label(index, *m, lang);
        }
    }
    told.section = item.section;
    told.section_title = section_title(index, item.section, lang);
    return told;
}

session_answer answer_current(session_state& state, const pack_index& index, learner_model& model,
                              std::uint32_t displayed, instant now, const tutor_config& config)
{
    const shown_question shown = *state.current;
    const std::uint32_t q = *index.find(shown.question);
    session_answer result;
    result.chosen = shown.order[displayed];
    result.response_time = std::chrono::duration_cast<std::chrono::milliseconds>(now - shown.shown_at);
    result.effect = apply_answer(index, model, q, result.chosen, now, config, result.response_time);
    result.told = make_feedback(index, q, shown.order, result.chosen, state.lang);
    result.told.interval_days = result.effect.interval_days;
    result.told.next_due = result.effect.next_due;

    state.results.push_back({shown.question, shown.reason, result.effect.correct});
    state.phase = session_phase::answered;
    if (!result.effect.correct) {
        if (config.retry_gap > 0 && misses_in_session(state, shown.question) <= max_misses_per_session) {
            state.retries.push_back({shown.question, state.sequence + static_cast<std::uint32_t>(config.retry_gap)});
            result.told.retry_in_session = true;
        }
        if (result.effect.misconception && config.misconception_follow_up) {
            const auto asked = asked_indices(state, index);
            const bool allow_new = new_allowed(state, model, config, now) > 0;
            auto filter = concept_filter(state, index);
            auto follow_up = find_follow_up(index, model, config, *result.effect.misconception, now, asked, allow_new);
            if (follow_up && filter) {
                const auto concepts = index.concepts_of(*follow_up);
                if (std::find(concepts.begin(), concepts.end(), *filter) == concepts.end()) {
                    follow_up.reset();
                }
            }
            if (follow_up && state.options.scope == session_scope::reviews_only &&
                !is_due(index, model, *follow_up, now, config)) {
                follow_up.reset();
            }
            if (follow_up) {
                state.follow_up = index.at(*follow_up).key;
                result.told.follow_up_next = true;
            }
        }
    }
    return result;
}

session_summary summarize(const session_state& state, const pack_index& index, const learner_model& model,
                          const tutor_config& config, instant now, int streak_days)
{
    session_summary summary;
    for (const auto& result : state.results) {
        summary.answered += 1;
        summary.correct += result.correct ? 1 : 0;
        switch (result.reason) {
        case pick_reason::review:
            ++summary.reviews;
            break;
        case pick_reason::fresh:
            ++summary.fresh;
            break;
        case pick_reason::practice:
            ++summary.practice;
            break;
        case pick_reason::retry:
            ++summary.asked_again;
            break;
        case pick_reason::follow_up:
            ++summary.follow_ups;
            break;
        }
        if (!result.correct && std::find(summary.to_revisit.begin(), summary.to_revisit.end(), result.question) ==
                                   summary.to_revisit.end()) {
            summary.to_revisit.push_back(result.question);
        }
    }
    const auto due = summarize_due(index, model, config, now, concept_filter(state, index));
    summary.due_remaining = due.due;
    summary.next_due = due.next_due;
    summary.streak_days = streak_days;
    return summary;
}

void end_session(session_state& state) noexcept
{
    state.phase = session_phase::ended;
    state.current.reset();
}

} // namespace quiz::engine
