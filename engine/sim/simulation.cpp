// SPDX-License-Identifier: MIT
#include "engine/sim/simulation.hpp"

#include "engine/fsrs/fsrs_scheduler.hpp"
#include "engine/learner/cold_start.hpp"
#include "engine/learner/learner_model.hpp"
#include "engine/learner/optimal_retention.hpp"
#include "engine/recall/answer_grading.hpp"
#include "engine/sim/sim_world.hpp"
#include "engine/tutor/session.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace quiz::engine::sim {

namespace {

constexpr std::array policy_names{"random", "leitner", "fsrs", "fsrs+steps", "tutor", "tutor+practice"};

enum schedule_stream : std::uint64_t {
    attend_stream = 101,
    budget_stream,
    start_stream,
    random_policy_stream,
};

/// The first day of the simulated semester, midnight UTC.
instant semester_start()
{
    using namespace std::chrono;
    return sys_days{year{2025} / September / 1};
}

instant day_start(int day) { return semester_start() + std::chrono::days{day}; }

/// The population's first attempts per question, shared by every simulated learner of the tutor.
struct population {
    std::vector<question_stats> stats;
    std::vector<double> form_sum; ///< per concept, over learners who answered it
    std::vector<double> form_count;
};

/// One learner's scheduler under one policy: what to ask next, and what happened.
class runner {
public:
    virtual ~runner() = default;
    /// The next question, or nullopt when the scheduler has nothing more for today.
    virtual std::optional<std::uint32_t> next(instant now) = 0;
    virtual void answered(std::uint32_t q, std::uint32_t chosen, bool correct, instant now) = 0;
    /// The tutor's concept forms (nothing for the other policies).
    [[nodiscard]] virtual std::vector<double> forms() const { return {}; }
};

class random_runner final : public runner {
public:
    random_runner(const course& c, std::uint64_t seed, int learner) : course_(c), seed_(seed), learner_(learner) {}

    std::optional<std::uint32_t> next(instant) override
    {
        const auto count = course_.index.question_count();
        for (;;) {
            const double u = draw(seed_, random_policy_stream, static_cast<std::uint64_t>(learner_), step_++);
            const auto q = std::min(count - 1, static_cast<std::uint32_t>(u * count));
            if (count == 1 || q != previous_) {
                previous_ = q;
                return q;
            }
        }
    }
    void answered(std::uint32_t, std::uint32_t, bool, instant) override {}

private:
    const course& course_;
    std::uint64_t seed_;
    int learner_;
    std::uint64_t step_ = 0;
    std::uint32_t previous_ = ~0U;
};

/// Questions seen and those introduced today, shared by the policies that introduce new questions in guide order.
class new_question_budget {
public:
    explicit new_question_budget(int per_day) : per_day_(per_day) {}

    bool allows(instant now)
    {
        roll(now);
        return today_count_ < per_day_;
    }
    void introduced(instant now)
    {
        roll(now);
        ++today_count_;
    }

private:
    void roll(instant now)
    {
        const auto today = day_number(now);
        if (today != today_) {
            today_ = today;
            today_count_ = 0;
        }
    }
    int per_day_;
    std::int64_t today_ = -1;
    int today_count_ = 0;
};

class leitner_runner final : public runner {
public:
    leitner_runner(const course& c, int new_per_day)
        : course_(c), box_(c.index.question_count(), 0), last_(c.index.question_count()), budget_(new_per_day)
    {
    }

    std::optional<std::uint32_t> next(instant now) override
    {
        static constexpr std::array<int, 6> interval{0, 1, 2, 4, 8, 16};
        std::optional<std::uint32_t> best;
        for (std::uint32_t q = 0; q < box_.size(); ++q) {
            if (box_[q] == 0 || q == previous_) {
                continue;
            }
            if (fsrs::calendar_days_between(last_[q], now) < interval[static_cast<std::size_t>(box_[q])]) {
                continue;
            }
            if (!best || box_[q] < box_[*best] || (box_[q] == box_[*best] && last_[q] < last_[*best])) {
                best = q;
            }
        }
        if (!best && budget_.allows(now)) {
            for (std::uint32_t q = 0; q < box_.size(); ++q) {
                if (box_[q] == 0 && q != previous_) {
                    best = q;
                    break;
                }
            }
        }
        if (best) {
            previous_ = *best;
        }
        return best;
    }

    void answered(std::uint32_t q, std::uint32_t, bool correct, instant now) override
    {
        if (box_[q] == 0) {
            budget_.introduced(now);
            box_[q] = correct ? 2 : 1;
        } else {
            box_[q] = correct ? std::min(box_[q] + 1, 5) : 1;
        }
        last_[q] = now;
    }

private:
    const course& course_;
    std::vector<int> box_; ///< 0: new; 1..5
    std::vector<instant> last_;
    new_question_budget budget_;
    std::uint32_t previous_ = ~0U;
};

class fsrs_runner final : public runner {
public:
    fsrs_runner(const course& c, double retention, int new_per_day, bool steps)
        : scheduler_(options_for(retention, steps)), cards_(c.index.question_count()), budget_(new_per_day)
    {
    }

    std::optional<std::uint32_t> next(instant now) override
    {
        std::optional<std::uint32_t> best;
        for (std::uint32_t q = 0; q < cards_.size(); ++q) {
            const auto& card = cards_[q];
            if (card.state == fsrs::card_state::new_card || q == previous_ || !is_due(card, now)) {
                continue;
            }
            if (!best || card.due < cards_[*best].due) {
                best = q;
            }
        }
        if (!best && budget_.allows(now)) {
            for (std::uint32_t q = 0; q < cards_.size(); ++q) {
                if (cards_[q].state == fsrs::card_state::new_card && q != previous_) {
                    best = q;
                    break;
                }
            }
        }
        if (!best) {
            // Anki's learn-ahead limit: with nothing else to do, a (re)learning step due within 20 minutes is
            // shown now rather than left for the next day.
            for (std::uint32_t q = 0; q < cards_.size(); ++q) {
                const auto& card = cards_[q];
                const bool stepping = card.state == fsrs::card_state::learning ||
                                      card.state == fsrs::card_state::relearning;
                if (stepping && q != previous_ && card.due <= now + std::chrono::minutes{20} &&
                    (!best || card.due < cards_[*best].due)) {
                    best = q;
                }
            }
        }
        if (best) {
            previous_ = *best;
        }
        return best;
    }

    void answered(std::uint32_t q, std::uint32_t, bool correct, instant now) override
    {
        if (cards_[q].state == fsrs::card_state::new_card) {
            budget_.introduced(now);
        }
        cards_[q] = scheduler_.review(cards_[q], now, rating_for_answer(correct));
    }

private:
    static fsrs::scheduler_options options_for(double retention, bool steps)
    {
        fsrs::scheduler_options options;
        options.desired_retention = retention;
        options.short_term = true;
        if (steps) {
            options.learning_steps = {std::chrono::minutes{1}, std::chrono::minutes{10}};
            options.relearning_steps = {std::chrono::minutes{10}};
        }
        return options;
    }
    /// Due by whole days, as Anki counts review cards: a card scheduled in 3 days is due any time that day.
    static bool is_due(const fsrs::card& card, instant now)
    {
        if (!card.last_review || card.scheduled_days <= 0) {
            return card.due <= now;
        }
        return fsrs::calendar_days_between(*card.last_review, now) >= card.scheduled_days;
    }

    fsrs::scheduler scheduler_;
    std::vector<fsrs::card> cards_;
    new_question_budget budget_;
    std::uint32_t previous_ = ~0U;
};

class tutor_runner final : public runner {
public:
    tutor_runner(const course& c, population& shared, const tutor_config& config, int learner, bool practice)
        : course_(c), population_(shared), config_(config), learner_(learner), practice_(practice),
          model_(make_learner_model(c.index, {}, {}, {}, config))
    {
    }

    std::optional<std::uint32_t> next(instant now) override
    {
        // A session ends at its length; the learner then starts another one if they still have time.
        for (int attempt = 0; attempt < 2; ++attempt) {
            if (!session_ || session_->phase == session_phase::ended) {
                session_ = open_session(learner_id{learner_}, std::nullopt, course_.index.content().key,
                                        venue::terminal, language::en, {}, 1, now);
                refresh_ease();
            }
            const auto card = present_next(*session_, course_.index, model_, config_, now);
            if (card) {
                if (!practice_ && card->reason == pick_reason::practice) {
                    end_session(*session_);
                    return std::nullopt;
                }
                return course_.index.find(card->question);
            }
            if (session_->results.empty()) {
                return std::nullopt;
            }
        }
        return std::nullopt;
    }

    void answered(std::uint32_t q, std::uint32_t chosen, bool, instant now) override
    {
        const auto& order = session_->current->order;
        const auto displayed =
            static_cast<std::uint32_t>(std::find(order.begin(), order.end(), chosen) - order.begin());
        const auto concepts = course_.index.concepts_of(q);
        for (const auto c : concepts) {
            if (model_.skills[c].answers > 0) {
                population_.form_sum[c] -= model_.skills[c].form;
                population_.form_count[c] -= 1.0;
            }
        }
        const auto effect = answer_current(*session_, course_.index, model_, displayed, now, config_).effect;
        for (const auto c : concepts) {
            population_.form_sum[c] += model_.skills[c].form;
            population_.form_count[c] += 1.0;
        }
        if (effect.first_attempt) {
            auto& stats = population_.stats[q];
            stats.first_attempts += 1;
            stats.first_correct += effect.correct ? 1 : 0;
        }
    }

    [[nodiscard]] std::vector<double> forms() const override
    {
        std::vector<double> values;
        for (const auto& skill : model_.skills) {
            values.push_back(skill.form);
        }
        return values;
    }

private:
    void refresh_ease()
    {
        auto priors = std::make_shared<population_priors>();
        priors->ease.resize(course_.index.question_count());
        for (std::uint32_t q = 0; q < course_.index.question_count(); ++q) {
            priors->ease[q] = ease_logit(course_.index.at(q), &population_.stats[q], config_);
        }
        model_.priors = std::move(priors);
        for (std::size_t c = 0; c < model_.typical_form.size(); ++c) {
            const double n = population_.form_count[c];
            model_.typical_form[c] = n > 0.0 ? population_.form_sum[c] / n : 0.0;
        }
    }

    const course& course_;
    population& population_;
    const tutor_config& config_;
    int learner_;
    bool practice_;
    learner_model model_;
    std::optional<session_state> session_;
};

struct totals {
    double knowledge = 0.0;
    double minutes = 0.0;
    double exam = 0.0;
    double answers = 0.0;
    double correct = 0.0;
    double introduced = 0.0;
    double reviews = 0.0;
    double recall_at_review = 0.0;
    double form = 0.0;
    double forms = 0.0;
};

void validate(const options& opts)
{
    if (opts.learners < 1 || opts.learners > 100'000) {
        throw std::invalid_argument("learners must be between 1 and 100000");
    }
    if (opts.days < 1 || opts.days > 3650) {
        throw std::invalid_argument("days must be between 1 and 3650");
    }
    if (opts.questions < 2 || opts.questions > 100'000) {
        throw std::invalid_argument("questions must be between 2 and 100000");
    }
    if (opts.concepts < 1 || opts.concepts > opts.questions) {
        throw std::invalid_argument("concepts must be between 1 and the number of questions");
    }
    if (opts.new_per_day < 1) {
        throw std::invalid_argument("new questions per day must be at least 1");
    }
    if (!(opts.retention >= 0.7 && opts.retention <= 0.97)) {
        throw std::invalid_argument("retention must be between 0.7 and 0.97");
    }
    if (opts.tutor_retention && !(*opts.tutor_retention >= 0.7 && *opts.tutor_retention <= 0.97)) {
        throw std::invalid_argument("the tutor's retention must be between 0.7 and 0.97");
    }
    const auto& shift = opts.learners_shift;
    if (shift.memory && !(*shift.memory > 0.0 && *shift.memory <= 100.0)) {
        throw std::invalid_argument("the learners' memory strength must be above 0 and at most 100");
    }
    if (shift.minutes && !(*shift.minutes > 0.0 && *shift.minutes <= 1440.0)) {
        throw std::invalid_argument("the learners' study time must be above 0 and at most 1440 minutes");
    }
    if (shift.attendance && !(*shift.attendance > 0.0 && *shift.attendance <= 1.0)) {
        throw std::invalid_argument("the learners' attendance must be above 0 and at most 1");
    }
}

/// Runs one policy; every answer is also appended to `answers` when given.
policy_result run_policy(policy which, const course& c, const options& opts, const tutor_config& config,
                         std::vector<answer_event>* answers = nullptr)
{
    world truth(c, opts.seed, opts.learners, opts.learners_shift);
    population shared{std::vector<question_stats>(c.index.question_count()),
                      std::vector<double>(c.index.concept_count(), 0.0),
                      std::vector<double>(c.index.concept_count(), 0.0)};
    for (std::uint32_t q = 0; q < c.index.question_count(); ++q) {
        shared.stats[q].question = c.index.at(q).key;
    }
    std::vector<std::unique_ptr<runner>> runners;
    for (int l = 0; l < opts.learners; ++l) {
        switch (which) {
        case policy::random_order:
            runners.push_back(std::make_unique<random_runner>(c, opts.seed, l));
            break;
        case policy::leitner:
            runners.push_back(std::make_unique<leitner_runner>(c, opts.new_per_day));
            break;
        case policy::fsrs:
        case policy::fsrs_steps:
            runners.push_back(
                std::make_unique<fsrs_runner>(c, opts.retention, opts.new_per_day, which == policy::fsrs_steps));
            break;
        case policy::tutor:
        case policy::tutor_practice:
            runners.push_back(std::make_unique<tutor_runner>(c, shared, config, l, which == policy::tutor_practice));
            break;
        }
    }

    totals sum;
    for (int day = 0; day < opts.days; ++day) {
        for (int l = 0; l < opts.learners; ++l) {
            const auto lu = static_cast<std::uint64_t>(l);
            const auto du = static_cast<std::uint64_t>(day);
            const auto& traits = truth.traits(l);
            if (draw(opts.seed, attend_stream, lu, du) >= traits.attendance) {
                continue;
            }
            const double budget = 60.0 * traits.minutes * (0.6 + 0.8 * draw(opts.seed, budget_stream, lu, du));
            instant now = day_start(day) + std::chrono::hours{17} +
                          std::chrono::milliseconds{
                              static_cast<std::int64_t>(4.0 * 3'600'000.0 * draw(opts.seed, start_stream, lu, du))};
            double spent = 0.0;
            while (spent < budget) {
                const auto q = runners[static_cast<std::size_t>(l)]->next(now);
                if (!q) {
                    break;
                }
                if (truth.seen(l, *q)) {
                    sum.reviews += 1.0;
                    sum.recall_at_review += truth.recall(l, *q, now);
                }
                const auto result = truth.answer(l, *q, now);
                runners[static_cast<std::size_t>(l)]->answered(*q, result.chosen, result.correct, now);
                if (answers != nullptr) {
                    answers->push_back({l, *q, now, result.correct, result.seconds});
                }
                spent += result.seconds;
                now += std::chrono::milliseconds{static_cast<std::int64_t>(result.seconds * 1000.0)};
                sum.answers += 1.0;
                sum.correct += result.correct ? 1.0 : 0.0;
            }
            sum.minutes += spent / 60.0;
        }
        for (int l = 0; l < opts.learners; ++l) {
            sum.knowledge += truth.knowledge(l, day_start(day + 1));
        }
    }
    const instant exam = day_start(opts.days) + std::chrono::hours{9};
    for (int l = 0; l < opts.learners; ++l) {
        sum.exam += truth.knowledge(l, exam);
        sum.introduced += truth.introduced(l);
    }

    const double learner_days = static_cast<double>(opts.learners) * opts.days;
    const double questions = c.index.question_count();
    policy_result out;
    out.which = which;
    out.knowledge = sum.knowledge / learner_days;
    out.minutes_per_day = sum.minutes / learner_days;
    out.knowledge_per_minute = out.minutes_per_day > 0.0 ? out.knowledge / out.minutes_per_day : 0.0;
    out.exam = sum.exam / opts.learners / questions;
    out.answers_per_day = sum.answers / learner_days;
    out.accuracy = sum.answers > 0.0 ? sum.correct / sum.answers : 0.0;
    out.introduced = sum.introduced / opts.learners / questions;
    out.recall_at_review = sum.reviews > 0.0 ? sum.recall_at_review / sum.reviews : 0.0;
    for (const auto& r : runners) {
        for (const double form : r->forms()) {
            sum.form += form;
            sum.forms += 1.0;
        }
    }
    out.mean_form = sum.forms > 0.0 ? sum.form / sum.forms : 0.0;
    return out;
}

tutor_config tutor_settings(const options& opts)
{
    tutor_config config = opts.tutor;
    config.new_per_day = opts.new_per_day;
    if (opts.tutor_retention) {
        config.choose_retention = retention_choice::fixed;
        config.target_retention = *opts.tutor_retention;
    }
    return with_target_retention(config);
}

} // namespace

std::string_view name(policy p) noexcept { return policy_names[static_cast<std::size_t>(p)]; }

std::optional<policy> parse_policy(std::string_view text) noexcept
{
    for (std::size_t i = 0; i < policy_names.size(); ++i) {
        if (text == policy_names[i]) {
            return static_cast<policy>(i);
        }
    }
    return std::nullopt;
}

result simulate(const options& opts)
{
    validate(opts);
    const course c = make_course(opts.seed, opts.questions, opts.concepts);
    const tutor_config config = tutor_settings(opts);
    result out;
    out.used = opts;
    out.tutor_retention = config.target_retention;
    for (const auto which : opts.policies) {
        out.policies.push_back(run_policy(which, c, opts, config));
    }
    return out;
}

std::vector<answer_event> simulate_answers(const options& opts, policy which)
{
    validate(opts);
    const course c = make_course(opts.seed, opts.questions, opts.concepts);
    std::vector<answer_event> answers;
    (void)run_policy(which, c, opts, tutor_settings(opts), &answers);
    return answers;
}

} // namespace quiz::engine::sim
