// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/tutor_ids.hpp"
#include "storage/review_history.hpp"

#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_map>

namespace quiz::bot::cli {

/// How exported rows name the learner.
enum class learner_naming {
    pseudonym, ///< L1, L2, ... in order of each learner's first row in the export; never the name or the database id
    identity,  ///< platform:external_id, as `quizbot forget` and `quizbot play --learner` take it
};

/// Writes attempts as the review log `read_review_log` reads (bot/review_log_csv.hpp), with a header
/// `card_id,review_rating,review_time,review_duration,learner`. A card is one (learner, pack, question):
/// card_id is `LEARNER/PACK/QUESTION`, so two learners never share a card. review_time is UTC with milliseconds,
/// review_duration the response time in whole milliseconds. Names and keys are percent-encoded (see
/// `percent_encoded`) so that a comma, a slash or a line break in a name cannot break a row or merge two cards.
/// Rows must be given in time order; they are written as they come, in blocks of about 64 KiB.
class review_log_export {
public:
    review_log_export(std::ostream& out, learner_naming naming);
    review_log_export(const review_log_export&) = delete;
    review_log_export& operator=(const review_log_export&) = delete;
    ~review_log_export();

    void write(const storage::history_row& row);
    /// Writes what is buffered; also done on destruction.
    void flush();
    [[nodiscard]] std::size_t rows() const noexcept { return rows_; }

private:
    const std::string& label_of(const storage::history_row& row);

    std::ostream& out_;
    learner_naming naming_;
    std::unordered_map<engine::learner_id, std::string> labels_;
    std::string buffer_;
    std::size_t rows_ = 0;
};

/// `text` with '%', ',', '/', '"' and control characters written as %XX (uppercase hex); other bytes, UTF-8
/// included, as they are. Decoding is URL percent-decoding.
[[nodiscard]] std::string percent_encoded(std::string_view text);

} // namespace quiz::bot::cli
