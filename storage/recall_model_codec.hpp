// SPDX-License-Identifier: MIT
#pragma once

#include "engine/recall/learner_recall_model.hpp"

#include <string>
#include <string_view>

namespace quiz::storage {

/// A learner's memory model as JSON: {"w":[21],"layer":[7],"same_day":[4],"counts":[3],"fits":n,"same_day_fsrs":bool}.
[[nodiscard]] std::string encode_recall_model(const engine::recall::learner_recall_model& model);
/// Throws std::runtime_error naming the bad field: a stored model that cannot be read is an infrastructure failure.
[[nodiscard]] engine::recall::learner_recall_model decode_recall_model(std::string_view json);

/// The 21 parameters separated by spaces, w0 first (the readable `weights` column).
[[nodiscard]] std::string weights_text(const engine::fsrs::parameters& w);

} // namespace quiz::storage
