// SPDX-License-Identifier: MIT
#include "content/slug.hpp"

#include <array>

namespace quiz::content {

namespace {

/// ASCII spelling of U+00C0..U+00FF; empty for the two signs in that block (× and ÷).
constexpr std::array<std::string_view, 64> latin1_letters{
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",  // U+00C0
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss", // U+00D0
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",  // U+00E0
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y",  // U+00F0
};

/// Length of the UTF-8 sequence a lead byte starts (1 for stray continuation bytes, so they are skipped one by one).
std::size_t sequence_length(unsigned char lead) noexcept
{
    if (lead >= 0xF0) {
        return 4;
    }
    if (lead >= 0xE0) {
        return 3;
    }
    if (lead >= 0xC0) {
        return 2;
    }
    return 1;
}

} // namespace

std::string slugify(std::string_view text, std::size_t max_length)
{
    std::string slug;
    bool separate = false;
    auto add = [&](std::string_view letters) {
        if (letters.empty()) {
            separate = true;
            return;
        }
        if (separate && !slug.empty()) {
            slug += '-';
        }
        separate = false;
        slug += letters;
    };
    for (std::size_t pos = 0; pos < text.size();) {
        const auto byte = static_cast<unsigned char>(text[pos]);
        const std::size_t length = sequence_length(byte);
        if ((byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9')) {
            add(text.substr(pos, 1));
        } else if (byte >= 'A' && byte <= 'Z') {
            const char lower = static_cast<char>(byte - 'A' + 'a');
            add(std::string_view(&lower, 1));
        } else if (byte == 0xC3 && pos + 1 < text.size()) {
            const auto second = static_cast<unsigned char>(text[pos + 1]);
            add(second >= 0x80 && second <= 0xBF ? latin1_letters[second - 0x80U] : std::string_view{});
        } else if (byte == 0xC5 && pos + 1 < text.size() &&
                   (text[pos + 1] == '\x92' || text[pos + 1] == '\x93')) { // Œ œ
            add("oe");
        } else {
            add({});
        }
        pos += length;
    }
    if (slug.size() > max_length) {
        const auto cut = slug.rfind('-', max_length);
        slug.resize(cut == std::string::npos || cut == 0 ? max_length : cut);
    }
    while (!slug.empty() && slug.back() == '-') {
        slug.pop_back();
    }
    return slug;
}

} // namespace quiz::content
