// SPDX-License-Identifier: MIT
#include "bot/logging.hpp"

#include <spdlog/details/log_msg.h>
#include <spdlog/formatter.h>
#include <spdlog/logger.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <chrono>
#include <ctime>

namespace quiz::bot {

namespace {

void append_json_string(spdlog::memory_buf_t& out, std::string_view text)
{
    static constexpr char digits[] = "0123456789abcdef";
    out.push_back('"');
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out.push_back('\\');
            out.push_back(c);
        } else if (c == '\n') {
            out.append(std::string_view("\\n"));
        } else if (byte < 0x20) {
            const char escape[] = {'\\', 'u', '0', '0', digits[byte >> 4U], digits[byte & 0x0FU]};
            out.append(escape, escape + sizeof escape);
        } else {
            out.push_back(c);
        }
    }
    out.push_back('"');
}

bool key_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || c == '_' || (!first && ((c >= '0' && c <= '9') || c == '.'));
}

/// Reads `key=value` at the start of `text` (value bare, or quoted as by log_quote()); false when it is not one.
bool read_field(std::string_view& text, std::string_view& key, std::string& value)
{
    std::size_t i = 0;
    while (i < text.size() && key_char(text[i], i == 0)) {
        ++i;
    }
    if (i == 0 || i >= text.size() || text[i] != '=') {
        return false;
    }
    key = text.substr(0, i);
    std::size_t j = i + 1;
    value.clear();
    if (j < text.size() && text[j] == '"') {
        for (++j; j < text.size() && text[j] != '"'; ++j) {
            if (text[j] == '\\' && j + 1 < text.size()) {
                ++j;
            }
            value.push_back(text[j]);
        }
        if (j >= text.size()) {
            return false; // unterminated quote: keep the token as text
        }
        ++j;
    } else {
        while (j < text.size() && text[j] != ' ') {
            value.push_back(text[j++]);
        }
    }
    text.remove_prefix(j);
    return true;
}

void append_utc_time(spdlog::memory_buf_t& out, spdlog::log_clock::time_point when)
{
    const auto since_epoch = when.time_since_epoch();
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch - seconds).count();
    const std::time_t t = seconds.count();
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[40];
    const std::size_t n = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%S", &tm);
    out.append(buffer, buffer + n);
    const char frac[] = {'.', static_cast<char>('0' + millis / 100), static_cast<char>('0' + millis / 10 % 10),
                         static_cast<char>('0' + millis % 10), 'Z'};
    out.append(frac, frac + sizeof frac);
}

/// One JSON object per line: time, level, msg (the words that are not fields), then each `key=value` field.
class json_formatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override
    {
        dest.append(std::string_view(R"({"time":")"));
        append_utc_time(dest, msg.time);
        dest.append(std::string_view(R"(","level":)"));
        const auto level = spdlog::level::to_string_view(msg.level);
        append_json_string(dest, std::string_view(level.data(), level.size()));

        std::string_view text(msg.payload.data(), msg.payload.size());
        std::string words;
        std::string fields;
        std::string value;
        spdlog::memory_buf_t scratch;
        while (!text.empty()) {
            if (text.front() == ' ') {
                text.remove_prefix(1);
                continue;
            }
            std::string_view key;
            if (read_field(text, key, value)) {
                scratch.clear();
                const bool reserved = key == "time" || key == "level" || key == "msg";
                append_json_string(scratch, reserved ? "field_" + std::string(key) : std::string(key));
                scratch.push_back(':');
                append_json_string(scratch, value);
                fields += ',';
                fields.append(scratch.data(), scratch.size());
                continue;
            }
            const auto space = text.find(' ');
            words += words.empty() ? "" : " ";
            words += text.substr(0, space);
            text.remove_prefix(space == std::string_view::npos ? text.size() : space);
        }
        dest.append(std::string_view(R"(,"msg":)"));
        append_json_string(dest, words);
        dest.append(fields);
        dest.append(std::string_view("}\n"));
    }

    [[nodiscard]] std::unique_ptr<spdlog::formatter> clone() const override
    {
        return std::make_unique<json_formatter>();
    }
};

} // namespace

std::shared_ptr<spdlog::logger> make_logger(log_format format, std::shared_ptr<spdlog::sinks::sink> sink)
{
    auto logger = std::make_shared<spdlog::logger>("quizbot", std::move(sink));
    if (format == log_format::json) {
        logger->set_formatter(std::make_unique<json_formatter>());
    } else {
        logger->set_formatter(
            std::make_unique<spdlog::pattern_formatter>("%Y-%m-%dT%H:%M:%S.%eZ %l %v", spdlog::pattern_time_type::utc));
    }
    logger->set_level(spdlog::level::info);
    logger->flush_on(spdlog::level::warn);
    return logger;
}

std::shared_ptr<spdlog::logger> make_stderr_logger(log_format format)
{
    return make_logger(format, std::make_shared<spdlog::sinks::stderr_sink_mt>());
}

std::string log_quote(std::string_view text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) >= 0x20) {
            out += c;
        } else {
            out += ' ';
        }
    }
    out += '"';
    return out;
}

} // namespace quiz::bot
