// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/pack.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace quiz::engine {

/// A pack with the lookups the tutor needs, built once when the pack is loaded. Questions, concepts and
/// misconceptions are numbered densely in pack order, so per-learner data can sit in plain vectors.
class pack_index {
public:
    explicit pack_index(pack content);

    [[nodiscard]] const pack& content() const noexcept { return content_; }
    [[nodiscard]] const question& at(std::uint32_t q) const noexcept { return content_.questions[q]; }
    [[nodiscard]] std::uint32_t question_count() const noexcept;
    [[nodiscard]] std::uint32_t concept_count() const noexcept;
    [[nodiscard]] std::uint32_t misconception_count() const noexcept;

    [[nodiscard]] std::optional<std::uint32_t> find(const question_key& key) const;
    [[nodiscard]] std::optional<std::uint32_t> find(const concept_key& key) const;
    [[nodiscard]] std::optional<std::uint32_t> find(const misconception_key& key) const;

    /// The concepts of question q (indices, no duplicates).
    [[nodiscard]] std::span<const std::uint32_t> concepts_of(std::uint32_t q) const noexcept;
    /// Questions sharing a concept set share a group; per-group work is done once per choice.
    [[nodiscard]] std::uint32_t group_of(std::uint32_t q) const noexcept { return group_of_[q]; }
    [[nodiscard]] std::uint32_t group_count() const noexcept;
    [[nodiscard]] std::span<const std::uint32_t> group_concepts(std::uint32_t g) const noexcept;
    /// The questions of group g, in pack order.
    [[nodiscard]] std::span<const std::uint32_t> group_questions(std::uint32_t g) const noexcept;
    /// The questions of concept c, in pack order.
    [[nodiscard]] std::span<const std::uint32_t> questions_of(std::uint32_t c) const noexcept;
    /// The misconceptions question q probes (tagged on one of its choices), and the questions probing m.
    [[nodiscard]] std::span<const std::uint32_t> misconceptions_of(std::uint32_t q) const noexcept;
    [[nodiscard]] std::span<const std::uint32_t> probing(std::uint32_t m) const noexcept;
    /// The misconception tagged on choice `choice` (pack order) of question q.
    [[nodiscard]] std::optional<std::uint32_t> misconception_of_choice(std::uint32_t q, std::uint32_t choice) const;

    /// Words in the stem and choices in `lang` (or the language the pack has): the reading length of a question.
    [[nodiscard]] std::size_t word_count(std::uint32_t q, language lang) const noexcept;

private:
    pack content_;
    std::unordered_map<std::string, std::uint32_t> questions_;
    std::unordered_map<std::string, std::uint32_t> concepts_;
    std::unordered_map<std::string, std::uint32_t> misconceptions_;
    std::vector<std::vector<std::uint32_t>> concepts_of_;
    std::vector<std::uint32_t> group_of_;
    std::vector<std::vector<std::uint32_t>> groups_;
    std::vector<std::vector<std::uint32_t>> group_questions_;
    std::vector<std::vector<std::uint32_t>> questions_of_;
    std::vector<std::vector<std::uint32_t>> misconceptions_of_;
    std::vector<std::vector<std::uint32_t>> probing_;
    std::vector<std::array<std::size_t, all_languages.size()>> words_;
};

/// The packs a tutor serves, by key. Built at start-up from the loaded packs; read-only afterwards.
class pack_library {
public:
    /// Adds (or replaces) a pack; returns its index.
    const pack_index& add(pack content);
    [[nodiscard]] const pack_index* find(const pack_key& key) const noexcept;

private:
    std::vector<std::unique_ptr<pack_index>> packs_;
};

} // namespace quiz::engine
