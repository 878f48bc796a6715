// SPDX-License-Identifier: MIT
#include "storage/recall_model_codec.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <stdexcept>

namespace quiz::storage {

namespace json = boost::json;

namespace {

template <typename Range>
json::array numbers(const Range& values)
{
    json::array out;
    for (const auto v : values) {
        out.emplace_back(v);
    }
    return out;
}

const json::array& field(const json::object& object, std::string_view name, std::size_t size)
{
    const auto* value = object.if_contains(name);
    if (value == nullptr || !value->is_array() || value->as_array().size() != size) {
        throw std::runtime_error("stored recall model: '" + std::string(name) + "' is not an array of " +
                                 std::to_string(size) + " numbers");
    }
    return value->as_array();
}

double real(const json::value& value, std::string_view name)
{
    const double v = value.is_double()   ? value.as_double()
                     : value.is_int64()  ? static_cast<double>(value.as_int64())
                     : value.is_uint64() ? static_cast<double>(value.as_uint64())
                                         : std::nan("");
    if (!std::isfinite(v)) {
        throw std::runtime_error("stored recall model: '" + std::string(name) + "' holds a value that is not a number");
    }
    return v;
}

std::uint32_t count(const json::value& value, std::string_view name)
{
    const double v = real(value, name);
    if (v < 0.0 || v > 4294967295.0 || v != std::floor(v)) {
        throw std::runtime_error("stored recall model: '" + std::string(name) + "' holds a bad count");
    }
    return static_cast<std::uint32_t>(v);
}

} // namespace

std::string encode_recall_model(const engine::recall::learner_recall_model& model)
{
    const auto& s = model.same_day;
    const json::object object{
        {"w", numbers(model.w)},
        {"layer", numbers(model.layer.beta)},
        {"same_day", json::array{s.after_miss, s.after_miss_passed, s.after_pass, s.after_pass_passed}},
        {"counts", json::array{model.parameters_fitted_on, model.parameters_adopted_at, model.layer_fitted_on}},
        {"fits", model.fits},
        {"same_day_fsrs", s.from_fsrs}};
    return json::serialize(object);
}

engine::recall::learner_recall_model decode_recall_model(std::string_view text)
{
    json::error_code error;
    const auto value = json::parse(text, error);
    if (error || !value.is_object()) {
        throw std::runtime_error("stored recall model: not a JSON object");
    }
    const auto& object = value.as_object();
    engine::recall::learner_recall_model model;
    const auto& w = field(object, "w", model.w.size());
    for (std::size_t i = 0; i < model.w.size(); ++i) {
        model.w[i] = real(w[i], "w");
    }
    const auto& layer = field(object, "layer", model.layer.beta.size());
    for (std::size_t i = 0; i < model.layer.beta.size(); ++i) {
        model.layer.beta[i] = real(layer[i], "layer");
    }
    const auto& same_day = field(object, "same_day", 4);
    model.same_day.after_miss = count(same_day[0], "same_day");
    model.same_day.after_miss_passed = count(same_day[1], "same_day");
    model.same_day.after_pass = count(same_day[2], "same_day");
    model.same_day.after_pass_passed = count(same_day[3], "same_day");
    if (const auto* from_fsrs = object.if_contains("same_day_fsrs")) {
        if (!from_fsrs->is_bool()) {
            throw std::runtime_error("stored recall model: 'same_day_fsrs' is not true or false");
        }
        model.same_day.from_fsrs = from_fsrs->as_bool();
    }
    const auto& counts = field(object, "counts", 3);
    model.parameters_fitted_on = count(counts[0], "counts");
    model.parameters_adopted_at = count(counts[1], "counts");
    model.layer_fitted_on = count(counts[2], "counts");
    const auto* fits = object.if_contains("fits");
    if (fits == nullptr) {
        throw std::runtime_error("stored recall model: 'fits' is missing");
    }
    model.fits = count(*fits, "fits");
    return model;
}

std::string weights_text(const engine::fsrs::parameters& w)
{
    std::string out;
    for (const double v : w) {
        if (!out.empty()) {
            out += ' ';
        }
        out += json::serialize(json::value(v));
    }
    return out;
}

} // namespace quiz::storage
