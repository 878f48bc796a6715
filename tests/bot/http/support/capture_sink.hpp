// SPDX-License-Identifier: MIT
// A log sink that keeps formatted lines, so tests can assert on what was logged.
#pragma once

#include <spdlog/details/log_msg.h>
#include <spdlog/sinks/base_sink.h>

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::test {

class capture_sink final : public spdlog::sinks::base_sink<std::mutex> {
public:
    [[nodiscard]] std::vector<std::string> lines()
    {
        const std::lock_guard lock(mutex_);
        return lines_;
    }

    [[nodiscard]] std::string all()
    {
        std::string out;
        for (const auto& line : lines()) {
            out += line;
        }
        return out;
    }

    [[nodiscard]] bool contains(std::string_view text) { return all().find(text) != std::string::npos; }

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override
    {
        spdlog::memory_buf_t formatted;
        formatter_->format(msg, formatted);
        lines_.emplace_back(formatted.data(), formatted.size());
    }
    void flush_() override {}

private:
    std::vector<std::string> lines_;
};

} // namespace quiz::test
