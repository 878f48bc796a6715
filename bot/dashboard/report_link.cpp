// SPDX-License-Identifier: MIT
#include "bot/dashboard/report_link.hpp"

#include "bot/http/url_encoding.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <stdexcept>

namespace quiz::bot::dashboard {

namespace {

constexpr std::size_t digest_size = 32;
constexpr std::size_t min_key_size = 32;
constexpr std::size_t max_field_size = 200; // scopes and user ids are far shorter; a longer one is not ours

// Newlines separate the signed fields, so a field holding one could be made to look like two.
bool printable(std::string_view text)
{
    if (text.empty() || text.size() > max_field_size) {
        return false;
    }
    for (const char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            return false;
        }
    }
    return true;
}

std::string to_hex(std::span<const unsigned char> bytes)
{
    static constexpr std::string_view digits = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const unsigned char b : bytes) {
        out.push_back(digits[b >> 4U]);
        out.push_back(digits[b & 0x0fU]);
    }
    return out;
}

std::optional<std::int64_t> whole_seconds(std::string_view text)
{
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < 0) {
        return std::nullopt;
    }
    return value;
}

} // namespace

report_links::report_links(std::string key) : key_(std::move(key))
{
    if (key_.size() < min_key_size) {
        throw std::invalid_argument("a report link key needs at least 32 bytes");
    }
}

std::array<unsigned char, 32> report_links::mac(const report_grant& grant) const
{
    // A version tag first, so that a later format cannot be confused with this one.
    std::string message = "quizbot-report-link-v1\n";
    message.append(grant.scope)
        .append("\n")
        .append(grant.instructor)
        .append("\n")
        .append(std::to_string(grant.until.time_since_epoch().count()));
    std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
    unsigned int out_size = 0;
    if (HMAC(EVP_sha256(), key_.data(), static_cast<int>(key_.size()),
             reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(),
             &out_size) == nullptr ||
        out_size != digest_size) {
        throw std::runtime_error("HMAC-SHA256 failed");
    }
    std::array<unsigned char, digest_size> result{};
    std::copy_n(out.begin(), digest_size, result.begin());
    return result;
}

std::string report_links::query(const report_grant& grant) const
{
    if (!printable(grant.scope) || !printable(grant.instructor)) {
        throw std::invalid_argument("a report link's scope and instructor are short lines of printable text");
    }
    return "scope=" + http::percent_encode(grant.scope) + "&by=" + http::percent_encode(grant.instructor) +
           "&until=" + std::to_string(grant.until.time_since_epoch().count()) + "&sig=" + to_hex(mac(grant));
}

std::variant<report_grant, link_refusal> report_links::check(const link_fields& fields,
                                                             std::chrono::sys_seconds now) const
{
    if (!fields.scope && !fields.by && !fields.until && !fields.sig) {
        return link_refusal::missing;
    }
    if (!fields.scope || !fields.by || !fields.until || !fields.sig || !printable(*fields.scope) ||
        !printable(*fields.by) || fields.sig->size() != 2 * digest_size) {
        return link_refusal::forged;
    }
    const auto until = whole_seconds(*fields.until);
    if (!until) {
        return link_refusal::forged;
    }
    report_grant grant{std::string(*fields.scope), std::string(*fields.by),
                       std::chrono::sys_seconds{std::chrono::seconds{*until}}};
    std::array<unsigned char, digest_size> sent{};
    for (std::size_t i = 0; i < digest_size; ++i) {
        const int hi = http::hex_digit_value((*fields.sig)[2 * i]);
        const int lo = http::hex_digit_value((*fields.sig)[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            return link_refusal::forged;
        }
        sent[i] = static_cast<unsigned char>(hi * 16 + lo);
    }
    const auto expected = mac(grant);
    if (CRYPTO_memcmp(sent.data(), expected.data(), digest_size) != 0) {
        return link_refusal::forged;
    }
    // Only a genuine link is told it expired: a forged one learns nothing about what the server would accept.
    if (now >= grant.until) {
        return link_refusal::expired;
    }
    return grant;
}

} // namespace quiz::bot::dashboard
