// SPDX-License-Identifier: MIT
#include "bot/cli/review_log_export.hpp"

#include "bot/time_text.hpp"

#include <ostream>

namespace quiz::bot::cli {

namespace {

constexpr std::size_t block_bytes = 1U << 16U;

} // namespace

std::string percent_encoded(std::string_view text)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20U || byte == 0x7FU || c == '%' || c == ',' || c == '/' || c == '"') {
            out += '%';
            out += hex[byte >> 4U];
            out += hex[byte & 0x0FU];
        } else {
            out += c;
        }
    }
    return out;
}

review_log_export::review_log_export(std::ostream& out, learner_naming naming) : out_(out), naming_(naming)
{
    buffer_ = "card_id,review_rating,review_time,review_duration,learner\n";
}

review_log_export::~review_log_export()
{
    try {
        flush();
    } catch (...) { // a stream set to throw; the caller that cares calls flush() itself
    }
}

const std::string& review_log_export::label_of(const storage::history_row& row)
{
    const auto found = labels_.find(row.learner);
    if (found != labels_.end()) {
        return found->second;
    }
    std::string label = naming_ == learner_naming::identity
                            ? percent_encoded(row.learner_platform + ':' + row.learner_external_id)
                            : 'L' + std::to_string(labels_.size() + 1);
    return labels_.emplace(row.learner, std::move(label)).first->second;
}

void review_log_export::write(const storage::history_row& row)
{
    const std::string& learner = label_of(row);
    buffer_ += learner;
    buffer_ += '/';
    buffer_ += percent_encoded(row.pack.value());
    buffer_ += '/';
    buffer_ += percent_encoded(row.question.value());
    buffer_ += ',';
    buffer_ += static_cast<char>('0' + static_cast<int>(row.rating));
    buffer_ += ',';
    buffer_ += format_iso8601_millis(row.answered_at);
    buffer_ += ',';
    buffer_ += std::to_string(row.response_time.count());
    buffer_ += ',';
    buffer_ += learner;
    buffer_ += '\n';
    ++rows_;
    if (buffer_.size() > block_bytes) {
        flush();
    }
}

void review_log_export::flush()
{
    out_ << buffer_;
    buffer_.clear();
}

} // namespace quiz::bot::cli
