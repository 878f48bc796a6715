// SPDX-License-Identifier: MIT
#include "content/french_typography.hpp"

#include "content/source_lines.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

namespace quiz::content {

namespace {

constexpr std::string_view narrow_nbsp = "\u202F";
constexpr std::string_view nbsp = "\u00A0";

bool ends_with_no_break_space(std::string_view before) noexcept
{
    return before.ends_with(narrow_nbsp) || before.ends_with(nbsp);
}

bool is_word_byte(char c) noexcept
{
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x80U || std::isalnum(u) != 0 || c == '-';
}

/// Non-ASCII characters that end a word as a space does: the no-break spaces, French quotes, the typographic
/// apostrophe.
constexpr std::array<std::string_view, 5> separators{"\u202F", "\u00A0", "«", "»", "’"};

bool word_starts_at(std::string_view text, std::size_t i) noexcept
{
    const auto rest = text.substr(i);
    return !rest.empty() && is_word_byte(rest.front()) &&
           std::none_of(separators.begin(), separators.end(), [&](auto s) { return rest.starts_with(s); });
}

bool word_ends_before(std::string_view text, std::size_t i) noexcept
{
    const auto before = text.substr(0, i);
    return !before.empty() && is_word_byte(before.back()) &&
           std::none_of(separators.begin(), separators.end(), [&](auto s) { return before.ends_with(s); });
}

/// Anglicisms and calques with the word to use; matched as whole words, lowercase.
struct anglicism {
    std::string_view words;
    std::string_view instead;
};
constexpr std::array anglicisms{
    anglicism{"fine-tuning", "« affinage » (« affiner »)"},
    anglicism{"précision du modèle", "« qualité du modèle » (la précision est celle des nombres)"},
    anglicism{"supporte", "« prend en charge »"},
    anglicism{"supportent", "« prennent en charge »"},
    anglicism{"supporté", "« pris en charge »"},
    anglicism{"supportée", "« prise en charge »"},
    anglicism{"supportés", "« pris en charge »"},
    anglicism{"supportées", "« prises en charge »"},
    anglicism{"layer", "« couche »"},
    anglicism{"layers", "« couches »"},
};

std::string lowercase_ascii(std::string_view text)
{
    std::string out(text);
    for (auto& c : out) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

/// The first problem in one span of prose, if any.
class prose_scanner {
public:
    explicit prose_scanner(std::string_view text) : text_(text), lower_(lowercase_ascii(text)) {}

    std::optional<std::string> first_problem()
    {
        for (std::size_t i = 0; i < text_.size();) {
            if (const auto skipped = skip_code_or_link(i)) {
                i = *skipped;
                continue;
            }
            if (auto problem = problem_at(i)) {
                return problem;
            }
            ++i;
        }
        return std::nullopt;
    }

private:
    /// Past an inline code span, a URL or a link's target starting at `i`; nothing is checked inside them.
    std::optional<std::size_t> skip_code_or_link(std::size_t i) const
    {
        if (text_[i] == '`') {
            std::size_t run = 0;
            while (i + run < text_.size() && text_[i + run] == '`') {
                ++run;
            }
            const auto close = text_.find(std::string(run, '`'), i + run);
            return close == std::string_view::npos ? text_.size() : close + run;
        }
        if (text_.substr(i).starts_with("http://") || text_.substr(i).starts_with("https://")) {
            std::size_t end = i;
            while (end < text_.size() && text_[end] != ' ' && text_[end] != ')' && text_[end] != '>') {
                ++end;
            }
            return end;
        }
        if (text_.substr(i).starts_with("](")) {
            const auto close = text_.find(')', i);
            return close == std::string_view::npos ? text_.size() : close + 1;
        }
        return std::nullopt;
    }

    std::optional<std::string> problem_at(std::size_t i) const
    {
        const char c = text_[i];
        const auto before = text_.substr(0, i);
        const char previous = i > 0 ? text_[i - 1] : '\0';
        const char next = i + 1 < text_.size() ? text_[i + 1] : '\0';
        if (c == '?' || c == '!' || c == ';' || c == ':') {
            return punctuation_problem(c, before, previous, next);
        }
        if (c == '"') {
            return std::string("use French quotes « » (with U+202F inside) instead of `\"`");
        }
        if (text_.substr(i).starts_with("«") &&
            !text_.substr(i + std::string_view("«").size()).starts_with(narrow_nbsp) &&
            !text_.substr(i + std::string_view("«").size()).starts_with(nbsp)) {
            return std::string("put a narrow no-break space (U+202F) after `«`");
        }
        if (text_.substr(i).starts_with("»") && !ends_with_no_break_space(before)) {
            return std::string("put a narrow no-break space (U+202F) before `»`");
        }
        if (std::isdigit(static_cast<unsigned char>(c)) != 0 && (next == 'x' || text_.substr(i + 1).starts_with("×"))) {
            const auto after = i + 1 + (next == 'x' ? 1 : std::string_view("×").size());
            if (!word_starts_at(text_, after)) {
                auto start = i; // from the whole number: `1,5x`, not `5x`
                while (start > 0 && (std::isdigit(static_cast<unsigned char>(text_[start - 1])) != 0 ||
                                     text_[start - 1] == ',' || text_[start - 1] == '.')) {
                    --start;
                }
                return "write the factor in words (« quatre fois moins », « divisé par 8 ») instead of " +
                       backticked(text_.substr(start, after - start));
            }
        }
        if (!word_ends_before(text_, i)) {
            for (const auto& a : anglicisms) {
                if (std::string_view(lower_).substr(i).starts_with(a.words) &&
                    !word_starts_at(text_, i + a.words.size())) {
                    return backticked(text_.substr(i, a.words.size())) + " is an anglicism: write " +
                           std::string(a.instead);
                }
            }
        }
        return std::nullopt;
    }

    static std::optional<std::string> punctuation_problem(char c, std::string_view before, char previous, char next)
    {
        const bool digits_around = std::isdigit(static_cast<unsigned char>(previous)) != 0 &&
                                   std::isdigit(static_cast<unsigned char>(next)) != 0;
        if (before.empty() || ends_with_no_break_space(before) || previous == '?' || previous == '!' ||
            (c == ':' && digits_around) || (c == '!' && next == '=')) {
            return std::nullopt; // 10:30, 1:2, `?!`, `!=` and the start of a span need no space
        }
        const std::string mark(1, c);
        if (previous == ' ') {
            return "replace the space before `" + mark + "` with a narrow no-break space (U+202F)";
        }
        return "put a narrow no-break space (U+202F) before `" + mark + "`";
    }

    std::string_view text_;
    std::string lower_; ///< ASCII-lowercased copy of text_, same byte offsets
};

/// The part of a line that is prose, by the format's structure; empty when the line is all structure.
std::string_view prose_of(std::string_view line, file_kind kind, bool in_front_matter)
{
    const auto content = trim(line);
    if (in_front_matter) {
        const auto colon = content.find(": ");
        return colon == std::string_view::npos ? std::string_view{} : content.substr(colon + 2);
    }
    if (content.find_first_not_of("|-: ") == std::string_view::npos) {
        return {}; // a table's delimiter row
    }
    if (kind == file_kind::questions) {
        static constexpr std::array attributes{"section:", "concepts:", "difficulty:", "misconception:"};
        for (const std::string_view attribute : attributes) {
            if (content.starts_with(attribute)) {
                return {};
            }
        }
        if (heading_text(line, 2) || heading_text(line, 1)) {
            return {};
        }
        if (content.starts_with("- `")) {
            const auto declared = content.find("`: ", 3);
            if (declared != std::string_view::npos && content.find('`', 3) == declared) {
                return content.substr(declared + 3); // ``- `id`: label``
            }
        }
    } else if (const auto title = heading_text(line, 2)) {
        const auto anchor = title->rfind("{#");
        return anchor == std::string_view::npos ? *title : trim(title->substr(0, anchor));
    }
    return content;
}

} // namespace

void check_french_typography(std::string_view text, file_kind kind, const reporter& report)
{
    std::vector<diagnostic> ignored; // split_lines' own problems are the parser's to report
    const auto lines = split_lines(text, reporter(report.file(), ignored));
    markdown_blocks blocks;
    bool in_front_matter = false;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const auto& line = lines[index];
        if (trim(line.text) == "---" && (index == 0 || in_front_matter)) {
            in_front_matter = index == 0;
            continue;
        }
        if (!in_front_matter) {
            const auto line_kind = blocks.classify(line);
            if (line_kind != markdown_blocks::line_kind::other) {
                continue;
            }
            blocks.keep(line);
            if (opens_fence(line)) {
                continue;
            }
        }
        if (auto problem = prose_scanner(prose_of(line.text, kind, in_front_matter)).first_problem()) {
            report.warning(line.number, *problem);
        }
    }
}

} // namespace quiz::content
