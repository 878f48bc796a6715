// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cmath>
#include <cstddef>

namespace quiz::engine {

/// A value together with its exact partial derivatives with respect to N inputs (forward-mode automatic
/// differentiation). Arithmetic and exp/log/pow/sqrt follow the chain rule; comparisons look at the value only, so
/// min/max/clamp pass on the derivative of the branch taken (0 for a clamped constant).
template <std::size_t N>
class dual {
public:
    using gradient_type = std::array<double, N>;

    dual() = default;
    /// A constant: every derivative is 0.
    explicit dual(double value) noexcept : value_(value) {}
    dual(double value, const gradient_type& gradient) noexcept : value_(value), gradient_(gradient) {}

    /// The input number `index`: derivative 1 with respect to itself, 0 for the others.
    static dual variable(double value, std::size_t index) noexcept
    {
        dual x(value);
        x.gradient_[index] = 1.0;
        return x;
    }

    [[nodiscard]] double value() const noexcept { return value_; }
    [[nodiscard]] const gradient_type& gradient() const noexcept { return gradient_; }
    [[nodiscard]] double derivative(std::size_t index) const noexcept { return gradient_[index]; }

    dual& operator+=(const dual& other) noexcept
    {
        value_ += other.value_;
        for (std::size_t i = 0; i < N; ++i) {
            gradient_[i] += other.gradient_[i];
        }
        return *this;
    }
    dual& operator-=(const dual& other) noexcept
    {
        value_ -= other.value_;
        for (std::size_t i = 0; i < N; ++i) {
            gradient_[i] -= other.gradient_[i];
        }
        return *this;
    }
    dual& operator*=(const dual& other) noexcept
    {
        for (std::size_t i = 0; i < N; ++i) {
            gradient_[i] = gradient_[i] * other.value_ + value_ * other.gradient_[i];
        }
        value_ *= other.value_;
        return *this;
    }
    dual& operator/=(const dual& other) noexcept
    {
        const double inverse = 1.0 / other.value_;
        const double quotient = value_ * inverse;
        for (std::size_t i = 0; i < N; ++i) {
            gradient_[i] = (gradient_[i] - quotient * other.gradient_[i]) * inverse;
        }
        value_ = quotient;
        return *this;
    }
    dual& operator+=(double c) noexcept
    {
        value_ += c;
        return *this;
    }
    dual& operator-=(double c) noexcept
    {
        value_ -= c;
        return *this;
    }
    dual& operator*=(double c) noexcept
    {
        value_ *= c;
        for (auto& d : gradient_) {
            d *= c;
        }
        return *this;
    }
    dual& operator/=(double c) noexcept { return *this *= 1.0 / c; }

    friend dual operator-(dual x) noexcept
    {
        x *= -1.0;
        return x;
    }
    friend dual operator+(dual a, const dual& b) noexcept { return a += b; }
    friend dual operator-(dual a, const dual& b) noexcept { return a -= b; }
    friend dual operator*(dual a, const dual& b) noexcept { return a *= b; }
    friend dual operator/(dual a, const dual& b) noexcept { return a /= b; }
    friend dual operator+(dual a, double c) noexcept { return a += c; }
    friend dual operator-(dual a, double c) noexcept { return a -= c; }
    friend dual operator*(dual a, double c) noexcept { return a *= c; }
    friend dual operator/(dual a, double c) noexcept { return a /= c; }
    friend dual operator+(double c, dual a) noexcept { return a += c; }
    friend dual operator-(double c, const dual& a) noexcept { return dual(c) - a; }
    friend dual operator*(double c, dual a) noexcept { return a *= c; }
    friend dual operator/(double c, const dual& a) noexcept { return dual(c) / a; }

    friend bool operator<(const dual& a, const dual& b) noexcept { return a.value_ < b.value_; }
    friend bool operator>(const dual& a, const dual& b) noexcept { return b.value_ < a.value_; }
    friend bool operator<=(const dual& a, const dual& b) noexcept { return !(b.value_ < a.value_); }
    friend bool operator>=(const dual& a, const dual& b) noexcept { return !(a.value_ < b.value_); }

    /// f(x) with f'(x) = `slope`: the chain rule shared by every elementary function.
    [[nodiscard]] dual apply(double fx, double slope) const noexcept
    {
        dual result(fx);
        for (std::size_t i = 0; i < N; ++i) {
            result.gradient_[i] = slope * gradient_[i];
        }
        return result;
    }

    friend dual exp(const dual& x) noexcept
    {
        const double e = std::exp(x.value_);
        return x.apply(e, e);
    }
    friend dual log(const dual& x) noexcept { return x.apply(std::log(x.value_), 1.0 / x.value_); }
    friend dual sqrt(const dual& x) noexcept
    {
        const double r = std::sqrt(x.value_);
        return x.apply(r, 0.5 / r);
    }
    friend dual pow(const dual& base, double exponent) noexcept
    {
        return base.apply(std::pow(base.value_, exponent), exponent * std::pow(base.value_, exponent - 1.0));
    }
    friend dual pow(double base, const dual& exponent) noexcept
    {
        const double p = std::pow(base, exponent.value_);
        return exponent.apply(p, p * std::log(base));
    }
    /// d(a^b) = a^b (b' ln a + b a' / a). A constant side contributes nothing, so a constant exponent works for
    /// any base, including 0.
    friend dual pow(const dual& base, const dual& exponent) noexcept
    {
        const double p = std::pow(base.value_, exponent.value_);
        const double by_base = exponent.value_ * std::pow(base.value_, exponent.value_ - 1.0);
        const double by_exponent = base.value_ > 0.0 ? p * std::log(base.value_) : 0.0;
        dual result(p);
        for (std::size_t i = 0; i < N; ++i) {
            const double db = base.gradient_[i];
            const double de = exponent.gradient_[i];
            result.gradient_[i] = (db != 0.0 ? by_base * db : 0.0) + (de != 0.0 ? by_exponent * de : 0.0);
        }
        return result;
    }

private:
    double value_ = 0.0;
    gradient_type gradient_{};
};

} // namespace quiz::engine
