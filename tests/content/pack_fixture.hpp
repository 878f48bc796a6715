// SPDX-License-Identifier: MIT
#pragma once

#include "content/diagnostic.hpp"
#include "content/imported_question.hpp"
#include "content/pack_loader.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace quiz::test {

inline std::filesystem::path fixtures_dir() { return QUIZ_FIXTURES_DIR; }

/// Every diagnostic of an import as "file:line: level: message".
inline std::vector<std::string> messages_of(const content::import_result& result)
{
    std::vector<std::string> all;
    for (const auto& d : result.diagnostics) {
        all.push_back(to_string(d));
    }
    return all;
}

inline std::string read_text(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_text(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    REQUIRE(out);
}

/// The valid two-language fixture pack, in memory: questions.{en,fr}.md and guide.{en,fr}.md.
struct fixture_pack {
    std::vector<content::source_file> files;

    static fixture_pack valid()
    {
        fixture_pack pack;
        for (const auto* name : {"guide.en.md", "guide.fr.md", "questions.en.md", "questions.fr.md"}) {
            pack.files.push_back({name, read_text(fixtures_dir() / "packs/valid/gpu-basics" / name), true});
        }
        return pack;
    }

    std::string& text(const std::string& name)
    {
        for (auto& file : files) {
            if (file.name == name) {
                return file.text;
            }
        }
        FAIL("no fixture file " << name);
        throw std::logic_error("unreachable");
    }

    /// Replaces the one occurrence of `from` in file `name`; fails the test if there is not exactly one.
    fixture_pack& edit(const std::string& name, const std::string& from, const std::string& to)
    {
        auto& body = text(name);
        const auto at = body.find(from);
        INFO(name << ": " << from);
        REQUIRE(at != std::string::npos);
        REQUIRE(body.find(from, at + 1) == std::string::npos);
        body.replace(at, from.size(), to);
        return *this;
    }

    [[nodiscard]] content::load_result build() const { return content::build_pack("gpu-basics", "gpu-basics", files); }
};

/// The errors only, each as "file:line: error: message".
inline std::vector<std::string> errors_of(const content::load_result& result)
{
    std::vector<std::string> errors;
    for (const auto& d : result.diagnostics) {
        if (d.level == content::diagnostic::severity::error) {
            errors.push_back(content::to_string(d));
        }
    }
    return errors;
}

inline std::vector<std::string> warnings_of(const content::load_result& result)
{
    std::vector<std::string> warnings;
    for (const auto& d : result.diagnostics) {
        if (d.level == content::diagnostic::severity::warning) {
            warnings.push_back(content::to_string(d));
        }
    }
    return warnings;
}

} // namespace quiz::test
