// SPDX-License-Identifier: MIT
#include "bot/slack/users_info.hpp"

#include <string_view>

namespace quiz::bot::slack {

namespace {

bool flag(const boost::json::object& user, std::string_view name)
{
    const auto* value = user.if_contains(name);
    return value != nullptr && value->is_bool() && value->as_bool();
}

} // namespace

user_facts read_users_info(const boost::json::object& answer)
{
    user_facts out;
    const auto* info = answer.if_contains("user");
    if (info == nullptr || !info->is_object()) {
        return out;
    }
    const auto& user = info->as_object();
    if (const auto* locale = user.if_contains("locale"); locale != nullptr && locale->is_string()) {
        out.lang = engine::parse_language(locale->as_string());
    }
    if (const auto* tz = user.if_contains("tz"); tz != nullptr && tz->is_string() && !tz->as_string().empty()) {
        out.tz = std::string(tz->as_string());
    }
    out.administers = flag(user, "is_admin") || flag(user, "is_owner") || flag(user, "is_primary_owner");
    return out;
}

} // namespace quiz::bot::slack
