// SPDX-License-Identifier: MIT
#include "bot/review_log_csv.hpp"

#include "bot/time_text.hpp"

#include <array>
#include <charconv>
#include <istream>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace quiz::bot {

namespace {

namespace recall = engine::recall;
namespace fsrs = engine::fsrs;

enum class column : unsigned char { card, rating, time, duration, other };

column column_named(std::string_view name) noexcept
{
    if (name == "card_id") {
        return column::card;
    }
    if (name == "review_rating") {
        return column::rating;
    }
    if (name == "review_time") {
        return column::time;
    }
    if (name == "review_duration") {
        return column::duration;
    }
    return column::other;
}

void split(std::string_view line, std::vector<std::string_view>& fields)
{
    fields.clear();
    while (true) {
        const auto comma = line.find(',');
        fields.push_back(line.substr(0, comma));
        if (comma == std::string_view::npos) {
            return;
        }
        line.remove_prefix(comma + 1);
    }
}

bool blank(std::string_view line) noexcept { return line.find_first_not_of(" \t") == std::string_view::npos; }

/// Joins the parts of a message. (Appending, rather than `"text" + std::string`, also keeps g++ 12's false
/// -Wrestrict at -O3 quiet.)
template <class... Parts>
std::string concat(const Parts&... parts)
{
    std::string out;
    (out.append(std::string_view(parts)), ...);
    return out;
}

std::string quoted(std::string_view text)
{
    constexpr std::size_t shown = 40;
    return concat("'", text.substr(0, shown), text.size() > shown ? "...'" : "'");
}

} // namespace

std::variant<review_log, review_log_problem> read_review_log(std::istream& in)
{
    std::string line;
    std::size_t number = 0;
    const auto next_line = [&]() {
        if (!std::getline(in, line)) {
            return false;
        }
        ++number;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        return true;
    };

    // The header: the first non-blank line.
    bool have_header = false;
    while (next_line()) {
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) {
            line.erase(0, 3); // a UTF-8 byte-order mark, as spreadsheet programs write
        }
        if (!blank(line)) {
            have_header = true;
            break;
        }
    }
    if (!have_header) {
        return review_log_problem{
            number == 0 ? 1 : number,
            "empty file: expected a header 'card_id,review_rating,review_time[,review_duration]'"};
    }
    std::vector<std::string_view> fields;
    split(line, fields);
    const std::size_t width = fields.size();
    constexpr std::size_t absent = static_cast<std::size_t>(-1);
    std::array<std::size_t, 4> position{absent, absent, absent, absent};
    for (std::size_t i = 0; i < width; ++i) {
        const column c = column_named(fields[i]);
        if (c == column::other) {
            continue;
        }
        auto& slot = position[static_cast<std::size_t>(c)];
        if (slot != absent) {
            return review_log_problem{number, concat("column '", fields[i], "' appears twice")};
        }
        slot = i;
    }
    for (const auto& [c, label] : {std::pair{column::card, "card_id"}, std::pair{column::rating, "review_rating"},
                                   std::pair{column::time, "review_time"}}) {
        if (position[static_cast<std::size_t>(c)] == absent) {
            return review_log_problem{
                number, concat("missing column '", label, "' (the header needs card_id, review_rating, review_time)")};
        }
    }
    const auto at = [&](column c) { return fields[position[static_cast<std::size_t>(c)]]; };

    review_log log;
    std::unordered_map<std::string, std::int64_t> card_keys;
    std::vector<std::size_t> last_line_of_card;
    while (next_line()) {
        if (blank(line)) {
            continue;
        }
        split(line, fields);
        if (fields.size() != width) {
            return review_log_problem{number,
                                      concat("expected ", std::to_string(width), " fields as in the header, found ",
                                             std::to_string(fields.size()))};
        }
        const std::string_view card = at(column::card);
        if (card.empty()) {
            return review_log_problem{number, "empty card_id"};
        }
        const std::string_view rating_text = at(column::rating);
        if (rating_text.size() != 1 || rating_text[0] < '1' || rating_text[0] > '4') {
            return review_log_problem{
                number,
                concat("review_rating must be 1 (again), 2 (hard), 3 (good) or 4 (easy), got ", quoted(rating_text))};
        }
        const std::string_view time_text = at(column::time);
        const auto time = parse_iso8601(time_text);
        if (!time) {
            return review_log_problem{number, concat("review_time ", quoted(time_text),
                                                     " is not an ISO-8601 date-time with a UTC offset "
                                                     "(e.g. 2024-01-01T12:00:00Z)")};
        }
        std::optional<std::chrono::milliseconds> duration;
        if (position[static_cast<std::size_t>(column::duration)] != absent) {
            const std::string_view text = at(column::duration);
            if (!text.empty()) {
                std::int64_t ms = 0;
                const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), ms);
                if (error != std::errc{} || end != text.data() + text.size() || ms < 0) {
                    return review_log_problem{
                        number, concat("review_duration must be empty or whole milliseconds, got ", quoted(text))};
                }
                duration = std::chrono::milliseconds{ms};
            }
        }

        const auto [it, inserted] =
            card_keys.try_emplace(std::string(card), static_cast<std::int64_t>(log.card_names.size()));
        const auto key = static_cast<std::size_t>(it->second);
        if (inserted) {
            log.card_names.emplace_back(card);
            last_line_of_card.push_back(log.reviews.size());
        } else {
            const std::size_t previous = last_line_of_card[key];
            if (*time < log.reviews[previous].time) {
                return review_log_problem{number, concat("card ", quoted(card), ": review_time ", quoted(time_text),
                                                         " is earlier than its previous review on line ",
                                                         std::to_string(log.lines[previous]),
                                                         " (each card's rows must be in time order)")};
            }
            last_line_of_card[key] = log.reviews.size();
        }
        log.reviews.push_back(
            {recall::card_key{it->second}, static_cast<fsrs::rating>(rating_text[0] - '0'), *time, duration});
        log.lines.push_back(number);
        log.time_texts.emplace_back(time_text);
    }
    if (in.bad()) {
        throw std::ios_base::failure("read error");
    }
    return log;
}

} // namespace quiz::bot
