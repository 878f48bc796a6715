// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/pack.hpp"

#include <optional>
#include <string>
#include <vector>

namespace quiz::test {

/// Builds small packs in tests, with generated English and French texts ("Stem q1", "Énoncé q1", ...).
class pack_builder {
public:
    explicit pack_builder(std::string key = "test-pack");

    pack_builder& concept_tag(const std::string& key, const std::string& en, const std::string& fr);
    pack_builder& misconception(const std::string& key, const std::string& en, const std::string& fr);
    pack_builder& section(const std::string& key, const std::string& en, const std::string& fr);
    /// A question with `choices` choices, the correct one at `correct`, tags per choice ("" for none).
    pack_builder& question(const std::string& key, const std::string& section, std::vector<std::string> concepts,
                           std::size_t choices = 4, std::size_t correct = 0,
                           std::vector<std::string> misconceptions = {}, int difficulty = 3,
                           const std::string& stem = {});

    [[nodiscard]] engine::pack build() const { return pack_; }

private:
    engine::pack pack_;
};

} // namespace quiz::test
