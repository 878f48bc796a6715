// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace quiz::engine {

/// P(y = 1 | x) = σ(β·x), fitted by Newton's method with an L2 pull toward `prior`:
/// minimises Σ BCE + ridge/2 ‖β - prior‖². `x` is row-major, `features` values per row.
class logistic_regression {
public:
    logistic_regression(std::vector<double> prior, double ridge);

    /// Keeps every coefficient within [lower[j], upper[j]] from now on (the prior must lie inside).
    void bound(std::vector<double> lower, std::vector<double> upper);

    /// Refits on all rows: damped Newton steps (at most 1 per coefficient, halved until the penalised loss falls,
    /// projected into the bounds), so that no data can make it diverge; keeps the previous coefficients if a step
    /// goes non-finite.
    /// `y` holds 1 for a positive row and 0 otherwise.
    void fit(std::span<const double> x, std::span<const double> y, int max_iterations = 25);

    [[nodiscard]] double linear(std::span<const double> row) const noexcept;
    [[nodiscard]] double probability(std::span<const double> row) const noexcept;
    [[nodiscard]] const std::vector<double>& coefficients() const noexcept { return beta_; }
    [[nodiscard]] std::size_t features() const noexcept { return prior_.size(); }

private:
    std::vector<double> prior_;
    double ridge_;
    std::vector<double> beta_;
    std::vector<double> lower_;
    std::vector<double> upper_;

    [[nodiscard]] double penalised_loss(std::span<const double> x, std::span<const double> y,
                                        std::span<const double> beta) const noexcept;
    void project(std::vector<double>& beta) const noexcept;
};

[[nodiscard]] double logistic(double z) noexcept;
/// log(p / (1 - p)) with p kept inside [1e-6, 1 - 1e-6].
[[nodiscard]] double logit(double p) noexcept;

} // namespace quiz::engine
