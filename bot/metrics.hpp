// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::metrics {

/// A count that only goes up. Updates are lock-free and safe from any thread.
class counter {
public:
    void inc(std::uint64_t n = 1) noexcept { value_.fetch_add(n, std::memory_order_relaxed); }
    [[nodiscard]] std::uint64_t value() const noexcept { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::uint64_t> value_{0};
};

/// A value that goes up and down (open connections).
class gauge {
public:
    void add(std::int64_t n) noexcept { value_.fetch_add(n, std::memory_order_relaxed); }
    void set(std::int64_t n) noexcept { value_.store(n, std::memory_order_relaxed); }
    [[nodiscard]] std::int64_t value() const noexcept { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<std::int64_t> value_{0};
};

/// Counts observations per bucket (upper bounds, in the unit the name says, seconds for durations) plus their sum.
/// A scrape may see an observation in the count and not yet in the sum: Prometheus tolerates that.
class histogram {
public:
    explicit histogram(std::vector<double> upper_bounds);
    void observe(double value) noexcept;

    [[nodiscard]] const std::vector<double>& upper_bounds() const noexcept { return bounds_; }
    /// Per-bucket counts, not cumulative; one more than the bounds (the +Inf bucket).
    [[nodiscard]] std::vector<std::uint64_t> bucket_counts() const;
    [[nodiscard]] std::uint64_t count() const noexcept { return count_.load(std::memory_order_relaxed); }
    [[nodiscard]] double sum() const noexcept { return sum_.load(std::memory_order_relaxed); }

private:
    std::vector<double> bounds_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;
    std::atomic<std::uint64_t> count_{0};
    std::atomic<double> sum_{0.0};
};

/// Bucket bounds for request and transaction durations, in seconds.
[[nodiscard]] std::vector<double> latency_buckets();

/// A metric name with label names; one child per distinct label values, created on first use and never removed,
/// so label values must come from a small set (route patterns, status codes, host names: never ids or paths).
template <class Metric>
class family {
public:
    family(std::vector<std::string> label_names, std::vector<double> bounds = {})
        : label_names_(std::move(label_names)), bounds_(std::move(bounds))
    {
    }

    /// The child for these label values, in label-name order. Takes a lock: keep the reference when the values
    /// are fixed. Throws std::invalid_argument on a wrong number of values.
    Metric& with(std::initializer_list<std::string_view> values);
    Metric& with(const std::vector<std::string>& values);

    [[nodiscard]] const std::vector<std::string>& label_names() const noexcept { return label_names_; }
    /// Calls `f(label_values, metric)` for each child in label order, under the lock.
    template <class F>
    void for_each(F&& f) const
    {
        const std::lock_guard lock(mutex_);
        for (const auto& [values, child] : children_) {
            f(values, *child);
        }
    }

private:
    std::vector<std::string> label_names_;
    std::vector<double> bounds_;
    mutable std::mutex mutex_;
    std::map<std::vector<std::string>, std::unique_ptr<Metric>> children_;
};

using counter_family = family<counter>;
using gauge_family = family<gauge>;
using histogram_family = family<histogram>;

/// Named metrics and their text rendering in the Prometheus exposition format (version 0.0.4).
/// Registration happens at startup; updates and rendering are safe from any thread afterwards.
class registry {
public:
    registry();
    ~registry();
    registry(const registry&) = delete;
    registry& operator=(const registry&) = delete;

    /// Names must match [a-zA-Z_:][a-zA-Z0-9_:]* and be unique; throws std::invalid_argument otherwise.
    counter_family& counters(std::string name, std::string help, std::vector<std::string> labels);
    gauge_family& gauges(std::string name, std::string help, std::vector<std::string> labels);
    histogram_family& histograms(std::string name, std::string help, std::vector<std::string> labels,
                                 std::vector<double> upper_bounds);

    counter& add_counter(std::string name, std::string help)
    {
        return counters(std::move(name), std::move(help), {}).with({});
    }
    gauge& add_gauge(std::string name, std::string help)
    {
        return gauges(std::move(name), std::move(help), {}).with({});
    }
    histogram& add_histogram(std::string name, std::string help, std::vector<double> upper_bounds)
    {
        return histograms(std::move(name), std::move(help), {}, std::move(upper_bounds)).with({});
    }

    [[nodiscard]] std::string render() const;

private:
    struct entry;
    void check_name(const std::string& name) const;

    mutable std::mutex mutex_;
    std::vector<std::unique_ptr<entry>> entries_;
};

/// Prometheus's media type for render()'s output.
inline constexpr std::string_view text_content_type = "text/plain; version=0.0.4; charset=utf-8";

} // namespace quiz::bot::metrics
