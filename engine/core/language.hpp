// SPDX-License-Identifier: MIT
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace quiz::engine {

/// The languages the product speaks. Content, the message catalogue and learners' preferences use these.
enum class language : unsigned char { en, fr };

inline constexpr std::array all_languages{language::en, language::fr};

/// "en" or "fr".
[[nodiscard]] std::string_view code(language lang) noexcept;

/// Parses "en"/"fr" and locales such as "fr-FR", "fr_CA", "en-US", "fr_FR.UTF-8"; nullopt for anything else.
[[nodiscard]] std::optional<language> parse_language(std::string_view text) noexcept;

/// The language to speak to someone whose platform reports `locale` (Discord's client locale, a terminal's LANG):
/// parse_language, and English for a locale quizbot does not speak.
[[nodiscard]] language language_of_locale(std::string_view locale) noexcept;

/// A value per language, some of which may be absent (a pack may ship one language only).
template <class T>
class localized {
public:
    [[nodiscard]] bool has(language lang) const noexcept { return values_[index(lang)].has_value(); }
    [[nodiscard]] const std::optional<T>& get(language lang) const noexcept { return values_[index(lang)]; }
    void set(language lang, T value) { values_[index(lang)] = std::move(value); }

    /// The value in `lang`, or in the first language that has one.
    [[nodiscard]] const T* best(language lang) const noexcept
    {
        if (values_[index(lang)]) {
            return &*values_[index(lang)];
        }
        for (const auto& value : values_) {
            if (value) {
                return &*value;
            }
        }
        return nullptr;
    }

private:
    static constexpr std::size_t index(language lang) noexcept { return static_cast<std::size_t>(lang); }
    std::array<std::optional<T>, all_languages.size()> values_{};
};

} // namespace quiz::engine
