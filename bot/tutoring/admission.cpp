// SPDX-License-Identifier: MIT
#include "bot/tutoring/admission.hpp"

namespace quiz::bot::tutoring {

admission::admission(const engine::action_queue& queue, std::function<std::size_t()> messages_waiting,
                     admission_limits limits, std::function<void(std::string_view platform)> refused)
    : queue_(queue), messages_waiting_(std::move(messages_waiting)), limits_(limits), refused_(std::move(refused))
{
}

bool admission::admit(std::string_view platform) const
{
    const bool full = queue_.waiting() >= limits_.actions ||
                      (messages_waiting_ && messages_waiting_() >= limits_.messages);
    if (full && refused_) {
        refused_(platform);
    }
    return !full;
}

} // namespace quiz::bot::tutoring
