// SPDX-License-Identifier: MIT
#include "bot/metrics.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <variant>

namespace quiz::bot::metrics {

histogram::histogram(std::vector<double> upper_bounds)
    : bounds_(std::move(upper_bounds)), buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1))
{
    if (!std::is_sorted(bounds_.begin(), bounds_.end()) ||
        std::adjacent_find(bounds_.begin(), bounds_.end()) != bounds_.end()) {
        throw std::invalid_argument("histogram bounds must increase strictly");
    }
}

void histogram::observe(double value) noexcept
{
    const auto it = std::lower_bound(bounds_.begin(), bounds_.end(), value);
    buckets_[static_cast<std::size_t>(it - bounds_.begin())].fetch_add(1, std::memory_order_relaxed);
    count_.fetch_add(1, std::memory_order_relaxed);
    sum_.fetch_add(value, std::memory_order_relaxed);
}

std::vector<std::uint64_t> histogram::bucket_counts() const
{
    std::vector<std::uint64_t> out(bounds_.size() + 1);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = buckets_[i].load(std::memory_order_relaxed);
    }
    return out;
}

std::vector<double> latency_buckets()
{
    return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0};
}

template <class Metric>
Metric& family<Metric>::with(const std::vector<std::string>& values)
{
    if (values.size() != label_names_.size()) {
        throw std::invalid_argument("wrong number of label values");
    }
    const std::lock_guard lock(mutex_);
    auto& slot = children_[values];
    if (!slot) {
        if constexpr (std::is_same_v<Metric, histogram>) {
            slot = std::make_unique<histogram>(bounds_);
        } else {
            slot = std::make_unique<Metric>();
        }
    }
    return *slot;
}

template <class Metric>
Metric& family<Metric>::with(std::initializer_list<std::string_view> values)
{
    return with(std::vector<std::string>(values.begin(), values.end()));
}

template class family<counter>;
template class family<gauge>;
template class family<histogram>;

struct registry::entry {
    std::string name;
    std::string help;
    std::variant<std::unique_ptr<counter_family>, std::unique_ptr<gauge_family>, std::unique_ptr<histogram_family>>
        metric;
};

namespace {

bool valid_name(std::string_view name, bool label)
{
    if (name.empty()) {
        return false;
    }
    const auto head = [label](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!label && c == ':');
    };
    const auto tail = [&head](char c) { return head(c) || (c >= '0' && c <= '9'); };
    return head(name.front()) && std::all_of(name.begin() + 1, name.end(), tail);
}

void check_labels(const std::vector<std::string>& labels)
{
    for (const auto& label : labels) {
        if (!valid_name(label, true) || label == "le") {
            throw std::invalid_argument("invalid metric label name '" + label + "'");
        }
    }
}

void append_number(std::string& out, double value)
{
    if (std::isnan(value)) {
        out += "NaN";
    } else if (std::isinf(value)) {
        out += value > 0 ? "+Inf" : "-Inf";
    } else {
        char buffer[64];
        const auto [end, ec] = std::to_chars(std::begin(buffer), std::end(buffer), value);
        out.append(buffer, ec == std::errc{} ? end : buffer);
    }
}

void append_escaped(std::string& out, std::string_view text, bool quote)
{
    for (const char c : text) {
        if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '"' && quote) {
            out += "\\\"";
        } else {
            out += c;
        }
    }
}

/// `{a="x",b="y"}` or "" without labels; `extra` adds one more pair (the histogram's `le`).
void append_labels(std::string& out, const std::vector<std::string>& names, const std::vector<std::string>& values,
                   std::string_view extra_name = {}, std::string_view extra_value = {})
{
    if (names.empty() && extra_name.empty()) {
        return;
    }
    out += '{';
    bool first = true;
    const auto pair = [&](std::string_view name, std::string_view value) {
        out += first ? "" : ",";
        first = false;
        out += name;
        out += "=\"";
        append_escaped(out, value, true);
        out += '"';
    };
    for (std::size_t i = 0; i < names.size(); ++i) {
        pair(names[i], values[i]);
    }
    if (!extra_name.empty()) {
        pair(extra_name, extra_value);
    }
    out += '}';
}

void append_header(std::string& out, const std::string& name, const std::string& help, std::string_view type)
{
    out += "# HELP " + name + ' ';
    append_escaped(out, help, false);
    out += "\n# TYPE " + name + ' ';
    out += type;
    out += '\n';
}

} // namespace

registry::registry() = default;
registry::~registry() = default;

void registry::check_name(const std::string& name) const
{
    if (!valid_name(name, false)) {
        throw std::invalid_argument("invalid metric name '" + name + "'");
    }
    if (std::any_of(entries_.begin(), entries_.end(), [&name](const auto& e) { return e->name == name; })) {
        throw std::invalid_argument("metric '" + name + "' is registered twice");
    }
}

counter_family& registry::counters(std::string name, std::string help, std::vector<std::string> labels)
{
    const std::lock_guard lock(mutex_);
    check_name(name);
    check_labels(labels);
    auto f = std::make_unique<counter_family>(std::move(labels));
    auto& ref = *f;
    entries_.push_back(std::make_unique<entry>(entry{std::move(name), std::move(help), std::move(f)}));
    return ref;
}

gauge_family& registry::gauges(std::string name, std::string help, std::vector<std::string> labels)
{
    const std::lock_guard lock(mutex_);
    check_name(name);
    check_labels(labels);
    auto f = std::make_unique<gauge_family>(std::move(labels));
    auto& ref = *f;
    entries_.push_back(std::make_unique<entry>(entry{std::move(name), std::move(help), std::move(f)}));
    return ref;
}

histogram_family& registry::histograms(std::string name, std::string help, std::vector<std::string> labels,
                                       std::vector<double> upper_bounds)
{
    const std::lock_guard lock(mutex_);
    check_name(name);
    check_labels(labels);
    const histogram probe(upper_bounds); // validates the bounds now rather than at first use
    auto f = std::make_unique<histogram_family>(std::move(labels), std::move(upper_bounds));
    auto& ref = *f;
    entries_.push_back(std::make_unique<entry>(entry{std::move(name), std::move(help), std::move(f)}));
    return ref;
}

std::string registry::render() const
{
    std::string out;
    const std::lock_guard lock(mutex_);
    for (const auto& e : entries_) {
        if (const auto* c = std::get_if<std::unique_ptr<counter_family>>(&e->metric)) {
            append_header(out, e->name, e->help, "counter");
            (*c)->for_each([&](const std::vector<std::string>& values, const counter& m) {
                out += e->name;
                append_labels(out, (*c)->label_names(), values);
                out += ' ' + std::to_string(m.value()) + '\n';
            });
        } else if (const auto* g = std::get_if<std::unique_ptr<gauge_family>>(&e->metric)) {
            append_header(out, e->name, e->help, "gauge");
            (*g)->for_each([&](const std::vector<std::string>& values, const gauge& m) {
                out += e->name;
                append_labels(out, (*g)->label_names(), values);
                out += ' ' + std::to_string(m.value()) + '\n';
            });
        } else {
            const auto& h = std::get<std::unique_ptr<histogram_family>>(e->metric);
            append_header(out, e->name, e->help, "histogram");
            h->for_each([&](const std::vector<std::string>& values, const histogram& m) {
                const auto counts = m.bucket_counts();
                std::uint64_t cumulative = 0;
                for (std::size_t i = 0; i < counts.size(); ++i) {
                    cumulative += counts[i];
                    std::string bound;
                    append_number(bound, i < m.upper_bounds().size() ? m.upper_bounds()[i] : HUGE_VAL);
                    out += e->name + "_bucket";
                    append_labels(out, h->label_names(), values, "le", bound);
                    out += ' ' + std::to_string(cumulative) + '\n';
                }
                out += e->name + "_sum";
                append_labels(out, h->label_names(), values);
                out += ' ';
                append_number(out, m.sum());
                out += '\n' + e->name + "_count";
                append_labels(out, h->label_names(), values);
                // The count line repeats the +Inf bucket so the two always agree within one scrape.
                out += ' ' + std::to_string(cumulative) + '\n';
            });
        }
    }
    return out;
}

} // namespace quiz::bot::metrics
