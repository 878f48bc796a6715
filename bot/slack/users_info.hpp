// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"

#include <boost/json/object.hpp>

#include <optional>

namespace quiz::bot::slack {

/// What quizbot reads in users.info's answer (`{"ok": true, "user": {...}}`).
struct user_facts {
    std::optional<engine::language> lang; ///< from `user.locale` (include_locale), when Slack says
    /// `user.is_admin`, `user.is_owner` or `user.is_primary_owner`: the workspace's admins and owners see class
    /// reports (docs/reports.md).
    bool administers = false;
    std::optional<std::string> tz; ///< `user.tz`, an IANA name such as "Europe/Paris"
};

[[nodiscard]] user_facts read_users_info(const boost::json::object& answer);

} // namespace quiz::bot::slack
