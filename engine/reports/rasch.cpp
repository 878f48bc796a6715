// SPDX-License-Identifier: MIT
#include "engine/reports/rasch.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <utility>

namespace quiz::engine {

namespace {

struct response {
    std::size_t learner = 0;
    std::size_t item = 0;
    bool correct = false;
};

struct data {
    std::vector<response> responses;
    std::vector<std::vector<std::size_t>> by_learner; ///< indices into responses
    std::vector<std::vector<std::size_t>> by_item;
    std::vector<bool> learner_fitted; ///< takes part in the joint fit: a score neither 0 nor full within it
    std::vector<bool> item_fitted;
    std::vector<double> theta;
    std::vector<double> b;
};

/// Sums over the answers of one learner or question.
struct sums {
    int n = 0;
    int right = 0;
    double expected = 0;     ///< expected score
    double information = 0;  ///< Σ p(1 − p)
    double squared = 0;      ///< Σ (x − p)²
    double standardised = 0; ///< Σ (x − p)² / (p(1 − p))
};

/// Over the answers `of` one learner or question; with `fitted_only`, only those between members of the fit.
sums sums_over(const data& d, const std::vector<std::size_t>& of, bool fitted_only)
{
    sums s;
    for (const auto index : of) {
        const auto& r = d.responses[index];
        if (fitted_only && !(d.learner_fitted[r.learner] && d.item_fitted[r.item])) {
            continue;
        }
        const double p = 1 / (1 + std::exp(d.b[r.item] - d.theta[r.learner]));
        const double x = r.correct ? 1 : 0;
        const double w = p * (1 - p);
        s.n += 1;
        s.right += r.correct ? 1 : 0;
        s.expected += p;
        s.information += w;
        s.squared += (x - p) * (x - p);
        s.standardised += (x - p) * (x - p) / w;
    }
    return s;
}

/// The Newton–Raphson step of an ability towards `score`, capped: a difficulty moves the opposite way.
double newton_step(const sums& s, double score, double cap)
{
    if (s.information <= 0) {
        return 0;
    }
    return std::clamp((score - s.expected) / s.information, -cap, cap);
}

/// An extreme score moved inside: Winsteps' EXTRSCORE= (winsteps.com/winman/extrsc.htm), 0 → 0.3, n → n − 0.3.
double adjusted_score(const sums& s, double adjustment)
{
    return std::min(std::max(static_cast<double>(s.right), adjustment), s.n - adjustment);
}

/// Takes out of the fit, until none is left, the learners and questions whose answers within it are all right or all
/// wrong: they have no finite estimate, and taking one out can leave another with only right (or wrong) answers.
void trim_extremes(data& d)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t l = 0; l < d.by_learner.size(); ++l) {
            const auto s = sums_over(d, d.by_learner[l], true);
            if (d.learner_fitted[l] && (s.right == 0 || s.right == s.n)) {
                d.learner_fitted[l] = false;
                changed = true;
            }
        }
        for (std::size_t i = 0; i < d.by_item.size(); ++i) {
            const auto s = sums_over(d, d.by_item[i], true);
            if (d.item_fitted[i] && (s.right == 0 || s.right == s.n)) {
                d.item_fitted[i] = false;
                changed = true;
            }
        }
    }
}

/// The origin of the scale: the mean difficulty of the questions of the fit. Data in disconnected subsets are
/// centred together, so each subset stays wherever its starting values put it (rasch_fit::subsets).
void centre(data& d)
{
    double sum = 0;
    int count = 0;
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        if (d.item_fitted[i]) {
            sum += d.b[i];
            count += 1;
        }
    }
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        if (d.item_fitted[i]) {
            d.b[i] -= sum / count;
        }
    }
}

/// One pass of JMLE over the members of the fit: every ability, then every difficulty, then centring. Returns the
/// largest change.
double joint_pass(data& d, double cap)
{
    double largest = 0;
    for (std::size_t l = 0; l < d.theta.size(); ++l) {
        if (d.learner_fitted[l]) {
            const auto s = sums_over(d, d.by_learner[l], true);
            const double delta = newton_step(s, s.right, cap);
            d.theta[l] += delta;
            largest = std::max(largest, std::abs(delta));
        }
    }
    const auto before = d.b;
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        if (d.item_fitted[i]) {
            const auto s = sums_over(d, d.by_item[i], true);
            d.b[i] -= newton_step(s, s.right, cap);
        }
    }
    centre(d);
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        largest = std::max(largest, std::abs(d.b[i] - before[i]));
    }
    return largest;
}

/// One pass with the difficulties of the fit held: abilities of the fit against them, and the learners and questions
/// outside the fit from all their answers with the score adjusted. Returns the largest change.
double anchored_pass(data& d, const rasch_options& options)
{
    double largest = 0;
    for (std::size_t l = 0; l < d.theta.size(); ++l) {
        const bool fitted = d.learner_fitted[l];
        const auto s = sums_over(d, d.by_learner[l], fitted);
        const double score = fitted ? s.right : adjusted_score(s, options.extreme_adjustment);
        const double delta = newton_step(s, score, options.max_step);
        d.theta[l] += delta;
        largest = std::max(largest, std::abs(delta));
    }
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        if (!d.item_fitted[i]) {
            const auto s = sums_over(d, d.by_item[i], false);
            const double delta = newton_step(s, adjusted_score(s, options.extreme_adjustment), options.max_step);
            d.b[i] -= delta;
            largest = std::max(largest, std::abs(delta));
        }
    }
    return largest;
}

/// Groups of fitted learners and questions linked by answers (union–find; questions follow the learners).
int count_subsets(const data& d)
{
    const std::size_t learners = d.theta.size();
    std::vector<std::size_t> parent(learners + d.b.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    const auto root = [&](std::size_t x) {
        while (parent[x] != x) {
            x = parent[x] = parent[parent[x]];
        }
        return x;
    };
    for (const auto& r : d.responses) {
        if (d.learner_fitted[r.learner] && d.item_fitted[r.item]) {
            parent[root(r.learner)] = root(learners + r.item);
        }
    }
    int count = 0;
    for (std::size_t x = 0; x < parent.size(); ++x) {
        const bool fitted = x < learners ? d.learner_fitted[x] : d.item_fitted[x - learners];
        count += fitted && root(x) == x ? 1 : 0;
    }
    return count;
}

/// Only first answers count, one per learner and question; learners and questions without one are left out.
data collect(std::span<const item_answer> answers, std::uint32_t question_count,
             std::map<std::int64_t, std::size_t>& learners, std::map<std::uint32_t, std::size_t>& items)
{
    std::set<std::pair<std::int64_t, std::uint32_t>> seen;
    std::vector<std::tuple<std::int64_t, std::uint32_t, bool>> kept;
    for (const auto& a : answers) {
        if (a.first && a.question < question_count && seen.emplace(a.learner.value(), a.question).second) {
            kept.emplace_back(a.learner.value(), a.question, a.correct);
            learners.emplace(a.learner.value(), 0);
            items.emplace(a.question, 0);
        }
    }
    std::size_t next = 0;
    for (auto& [id, index] : learners) {
        index = next++;
    }
    next = 0;
    for (auto& [question, index] : items) {
        index = next++;
    }
    data d;
    d.by_learner.resize(learners.size());
    d.by_item.resize(items.size());
    for (const auto& [learner, question, correct] : kept) {
        const response r{learners.at(learner), items.at(question), correct};
        d.by_learner[r.learner].push_back(d.responses.size());
        d.by_item[r.item].push_back(d.responses.size());
        d.responses.push_back(r);
    }
    d.learner_fitted.assign(learners.size(), true);
    d.item_fitted.assign(items.size(), true);
    d.theta.assign(learners.size(), 0.0);
    d.b.assign(items.size(), 0.0);
    return d;
}

} // namespace

rasch_fit fit_rasch(std::span<const item_answer> answers, std::uint32_t question_count, const rasch_options& options)
{
    std::map<std::int64_t, std::size_t> learner_index;
    std::map<std::uint32_t, std::size_t> item_index;
    auto d = collect(answers, question_count, learner_index, item_index);
    trim_extremes(d);
    rasch_fit out;
    out.subsets = count_subsets(d);

    bool joint_converged = out.subsets == 0;
    while (!joint_converged && out.iterations < options.max_iterations) {
        out.iterations += 1;
        joint_converged = joint_pass(d, options.max_step) < options.tolerance;
    }

    // Fit statistics from the JMLE estimates, before the bias correction, as Winsteps computes them
    // (winsteps.com/winman/stbias.htm).
    out.learners.resize(d.theta.size());
    out.items.resize(d.b.size());
    const auto fit_of = [](auto& row, const sums& s) {
        row.infit = s.squared / s.information;
        row.outfit = s.standardised / s.n;
    };
    for (std::size_t l = 0; l < d.theta.size(); ++l) {
        if (d.learner_fitted[l]) {
            fit_of(out.learners[l], sums_over(d, d.by_learner[l], true));
        }
    }
    for (std::size_t i = 0; i < d.b.size(); ++i) {
        if (d.item_fitted[i]) {
            fit_of(out.items[i], sums_over(d, d.by_item[i], true));
        }
    }

    // JMLE spreads the difficulties by about L / (L − 1), L the test length: the Wright–Douglas (1977) correction
    // (rasch.org/memo45.htm) multiplies the centred difficulties by (L − 1) / L, and Winsteps' STBIAS= applies such a
    // correction on request (winsteps.com/winman/stbias.htm). Every learner took a different number of questions
    // here, so L is the mean number per learner of the fit, as the R package sirt does by default
    // (rasch.jml.biascorr, itemfac). With two questions per learner this halves the spread: Andersen's (1973) case,
    // where JMLE doubles it (winsteps.com/winman/ebiascorrection.htm).
    std::size_t fitted_answers = 0;
    std::size_t fitted_learners = 0;
    for (std::size_t l = 0; l < d.theta.size(); ++l) {
        if (d.learner_fitted[l]) {
            fitted_answers += static_cast<std::size_t>(sums_over(d, d.by_learner[l], true).n);
            fitted_learners += 1;
        }
    }
    if (options.bias_correction && fitted_learners > 0) {
        const double length = static_cast<double>(fitted_answers) / static_cast<double>(fitted_learners);
        out.bias_factor = (length - 1) / length;
        for (std::size_t i = 0; i < d.b.size(); ++i) {
            d.b[i] *= d.item_fitted[i] ? out.bias_factor : 1.0;
        }
    }

    // Abilities are then measured against the corrected difficulties, and the learners and questions outside the fit
    // placed against the final measures, without moving them.
    bool anchored_converged = false;
    for (int pass = 0; pass < options.max_iterations && !anchored_converged; ++pass) {
        anchored_converged = anchored_pass(d, options) < options.tolerance;
    }
    out.converged = joint_converged && anchored_converged;

    for (const auto& [id, l] : learner_index) {
        auto& row = out.learners[l];
        const bool fitted = d.learner_fitted[l];
        const auto all = sums_over(d, d.by_learner[l], false);
        const auto used = fitted ? sums_over(d, d.by_learner[l], true) : all;
        row.learner = learner_id{id};
        row.n = all.n;
        row.right = all.right;
        row.ability = d.theta[l];
        row.se = 1 / std::sqrt(used.information);
        row.extreme = !fitted;
    }
    for (const auto& [question, i] : item_index) {
        auto& row = out.items[i];
        const bool fitted = d.item_fitted[i];
        const auto all = sums_over(d, d.by_item[i], false);
        const auto used = fitted ? sums_over(d, d.by_item[i], true) : all;
        row.question = question;
        row.n = all.n;
        row.right = all.right;
        row.difficulty = d.b[i];
        row.se = 1 / std::sqrt(used.information);
        row.extreme = !fitted;
    }
    return out;
}

} // namespace quiz::engine
