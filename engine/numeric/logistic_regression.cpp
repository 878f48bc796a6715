// SPDX-License-Identifier: MIT
#include "engine/numeric/logistic_regression.hpp"

#include <algorithm>
#include <cmath>

namespace quiz::engine {

namespace {

/// Solves A z = b in place for a small symmetric positive-definite A (Cholesky); false if A is not.
bool solve_spd(std::vector<double>& a, std::vector<double>& b, std::size_t n)
{
    for (std::size_t j = 0; j < n; ++j) {
        double diagonal = a[j * n + j];
        for (std::size_t k = 0; k < j; ++k) {
            diagonal -= a[j * n + k] * a[j * n + k];
        }
        if (!(diagonal > 0.0)) {
            return false;
        }
        a[j * n + j] = std::sqrt(diagonal);
        for (std::size_t i = j + 1; i < n; ++i) {
            double sum = a[i * n + j];
            for (std::size_t k = 0; k < j; ++k) {
                sum -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = sum / a[j * n + j];
        }
    }
    for (std::size_t i = 0; i < n; ++i) { // L y = b
        for (std::size_t k = 0; k < i; ++k) {
            b[i] -= a[i * n + k] * b[k];
        }
        b[i] /= a[i * n + i];
    }
    for (std::size_t i = n; i-- > 0;) { // Lᵀ z = y
        for (std::size_t k = i + 1; k < n; ++k) {
            b[i] -= a[k * n + i] * b[k];
        }
        b[i] /= a[i * n + i];
    }
    return true;
}

} // namespace

double logistic(double z) noexcept { return z >= 0.0 ? 1.0 / (1.0 + std::exp(-z)) : std::exp(z) / (1.0 + std::exp(z)); }

double logit(double p) noexcept
{
    const double q = std::clamp(p, 1e-6, 1.0 - 1e-6);
    return std::log(q / (1.0 - q));
}

logistic_regression::logistic_regression(std::vector<double> prior, double ridge)
    : prior_(std::move(prior)), ridge_(ridge), beta_(prior_)
{
}

void logistic_regression::bound(std::vector<double> lower, std::vector<double> upper)
{
    lower_ = std::move(lower);
    upper_ = std::move(upper);
    project(beta_);
}

void logistic_regression::project(std::vector<double>& beta) const noexcept
{
    for (std::size_t j = 0; j < beta.size() && j < lower_.size() && j < upper_.size(); ++j) {
        beta[j] = std::clamp(beta[j], lower_[j], upper_[j]);
    }
}

double logistic_regression::penalised_loss(std::span<const double> x, std::span<const double> y,
                                           std::span<const double> beta) const noexcept
{
    const std::size_t n = prior_.size();
    double loss = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
        loss += 0.5 * ridge_ * (beta[j] - prior_[j]) * (beta[j] - prior_[j]);
    }
    for (std::size_t r = 0; r < y.size(); ++r) {
        double z = 0.0;
        for (std::size_t j = 0; j < n; ++j) {
            z += beta[j] * x[r * n + j];
        }
        // log(1 + e^z) - y z, computed without overflow.
        loss += (z > 0.0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z))) - y[r] * z;
    }
    return loss;
}

void logistic_regression::fit(std::span<const double> x, std::span<const double> y, int max_iterations)
{
    const std::size_t n = prior_.size();
    const std::size_t rows = y.size();
    std::vector<double> beta = beta_;
    std::vector<double> hessian(n * n);
    std::vector<double> step(n);
    std::vector<double> trial(n);
    double loss = penalised_loss(x, y, beta);
    for (int iteration = 0; iteration < max_iterations; ++iteration) {
        // Newton: (Xᵀ W X + ridge I) Δ = Xᵀ (y - p) - ridge (β - prior)
        std::fill(hessian.begin(), hessian.end(), 0.0);
        for (std::size_t j = 0; j < n; ++j) {
            hessian[j * n + j] = ridge_;
            step[j] = -ridge_ * (beta[j] - prior_[j]);
        }
        for (std::size_t r = 0; r < rows; ++r) {
            const auto row = x.subspan(r * n, n);
            double z = 0.0;
            for (std::size_t j = 0; j < n; ++j) {
                z += beta[j] * row[j];
            }
            const double p = logistic(z);
            const double weight = std::max(p * (1.0 - p), 1e-12);
            const double residual = y[r] - p;
            for (std::size_t j = 0; j < n; ++j) {
                step[j] += residual * row[j];
                for (std::size_t k = 0; k <= j; ++k) {
                    hessian[j * n + k] += weight * row[j] * row[k];
                }
            }
        }
        for (std::size_t j = 0; j < n; ++j) {
            for (std::size_t k = j + 1; k < n; ++k) {
                hessian[j * n + k] = hessian[k * n + j];
            }
        }
        if (!solve_spd(hessian, step, n)) {
            break;
        }
        double largest = 0.0;
        for (const double s : step) {
            largest = std::max(largest, std::abs(s));
        }
        if (!std::isfinite(largest)) {
            break;
        }
        double scale = largest > 1.0 ? 1.0 / largest : 1.0;
        bool improved = false;
        for (int halving = 0; halving < 30 && !improved; ++halving, scale *= 0.5) {
            for (std::size_t j = 0; j < n; ++j) {
                trial[j] = beta[j] + scale * step[j];
            }
            project(trial);
            const double trial_loss = penalised_loss(x, y, trial);
            if (std::isfinite(trial_loss) && trial_loss < loss) {
                improved = true;
                loss = trial_loss;
                beta = trial;
            }
        }
        if (!improved || largest * scale < 1e-8) {
            break;
        }
    }
    beta_ = std::move(beta);
}

double logistic_regression::linear(std::span<const double> row) const noexcept
{
    double z = 0.0;
    for (std::size_t j = 0; j < beta_.size() && j < row.size(); ++j) {
        z += beta_[j] * row[j];
    }
    return z;
}

double logistic_regression::probability(std::span<const double> row) const noexcept { return logistic(linear(row)); }

} // namespace quiz::engine
