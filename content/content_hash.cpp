// SPDX-License-Identifier: MIT
#include "content/content_hash.hpp"

#include <openssl/evp.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace quiz::content {

namespace {

/// Netstring: "<length>:<bytes>," so that no two different field lists serialize alike.
void put(std::string& out, std::string_view field)
{
    out += std::to_string(field.size());
    out += ':';
    out += field;
    out += ',';
}

void put(std::string& out, std::size_t number) { put(out, std::to_string(number)); }

} // namespace

std::string sha256_hex(std::string_view bytes)
{
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size()) != 1 ||
        EVP_DigestFinal_ex(ctx.get(), digest.data(), &length) != 1) {
        throw std::runtime_error("SHA-256 computation failed (OpenSSL EVP)");
    }
    constexpr std::string_view hex = "0123456789abcdef";
    std::string text;
    text.reserve(std::size_t{length} * 2);
    for (std::size_t i = 0; i < length; ++i) {
        text += hex[digest[i] >> 4U];
        text += hex[digest[i] & 0xFU];
    }
    return text;
}

std::string canonical_form(const engine::question& q)
{
    std::string out;
    put(out, "quiz-question-v1");
    put(out, q.key.value());
    put(out, q.section.value());
    put(out, q.concepts.size());
    for (const auto& concept_key : q.concepts) {
        put(out, concept_key.value());
    }
    put(out, std::to_string(q.difficulty));
    put(out, q.correct);
    put(out, q.misconceptions.size());
    for (const auto& tag : q.misconceptions) {
        put(out, tag ? tag->value() : std::string_view{});
    }
    for (const auto lang : engine::all_languages) {
        const auto& text = q.text.get(lang);
        if (!text) {
            continue;
        }
        put(out, engine::code(lang));
        put(out, text->stem);
        put(out, text->choices.size());
        for (const auto& choice : text->choices) {
            put(out, choice.text);
            put(out, choice.explanation);
        }
    }
    return out;
}

std::string content_hash(const engine::question& q) { return sha256_hex(canonical_form(q)); }

} // namespace quiz::content
