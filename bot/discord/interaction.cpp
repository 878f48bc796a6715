// SPDX-License-Identifier: MIT
#include "bot/discord/interaction.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

struct malformed {
    std::string reason;
};

/// The member `name`, nullptr when absent or null.
const json::value* present(const json::object& o, std::string_view name)
{
    const auto* v = o.if_contains(name);
    return v == nullptr || v->is_null() ? nullptr : v;
}

const json::object* object_at(const json::object& o, std::string_view name)
{
    const auto* v = present(o, name);
    if (v != nullptr && !v->is_object()) {
        throw malformed{"\"" + std::string(name) + "\" must be an object"};
    }
    return v != nullptr ? &v->as_object() : nullptr;
}

const json::array* array_at(const json::object& o, std::string_view name)
{
    const auto* v = present(o, name);
    if (v != nullptr && !v->is_array()) {
        throw malformed{"\"" + std::string(name) + "\" must be an array"};
    }
    return v != nullptr ? &v->as_array() : nullptr;
}

std::string text_at(const json::object& o, std::string_view name, bool required, std::size_t max_size = 4096)
{
    const auto* v = present(o, name);
    if (v == nullptr) {
        if (required) {
            throw malformed{"\"" + std::string(name) + "\" is missing"};
        }
        return {};
    }
    if (!v->is_string()) {
        throw malformed{"\"" + std::string(name) + "\" must be a string"};
    }
    if (v->as_string().size() > max_size) {
        throw malformed{"\"" + std::string(name) + "\" is longer than " + std::to_string(max_size) + " bytes"};
    }
    return std::string(v->as_string());
}

std::string id_at(const json::object& o, std::string_view name)
{
    auto text = text_at(o, name, true, 20);
    if (!is_snowflake(text)) {
        throw malformed{"\"" + std::string(name) + "\" must be a snowflake"};
    }
    return text;
}

std::optional<std::int64_t> integer_at(const json::object& o, std::string_view name)
{
    const auto* v = present(o, name);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (v->is_int64()) {
        return v->as_int64();
    }
    throw malformed{"\"" + std::string(name) + "\" must be an integer"};
}

std::string option_text(const json::value& v)
{
    if (v.is_string()) {
        return std::string(v.as_string());
    }
    if (v.is_int64() || v.is_uint64() || v.is_double() || v.is_bool()) {
        return json::serialize(v);
    }
    throw malformed{"an option value must be a string, a number or a boolean"};
}

std::vector<std::pair<std::string, std::string>> read_options(const json::array& options)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& item : options) {
        if (!item.is_object()) {
            throw malformed{"an option must be an object"};
        }
        const auto& option = item.as_object();
        auto name = text_at(option, "name", true, 100);
        const auto* value = option.if_contains("value");
        if (value != nullptr) {
            out.emplace_back(std::move(name), option_text(*value));
        }
    }
    return out;
}

command_input read_command(const json::object& data)
{
    command_input command;
    command.name = text_at(data, "name", true, 100);
    const auto* options = array_at(data, "options");
    if (options == nullptr) {
        return command;
    }
    // A subcommand (type 1) arrives as the one option, its own options inside it.
    if (options->size() == 1 && options->front().is_object()) {
        const auto& first = options->front().as_object();
        if (integer_at(first, "type") == 1) {
            command.subcommand = text_at(first, "name", true, 100);
            if (const auto* inner = array_at(first, "options")) {
                command.options = read_options(*inner);
            }
            return command;
        }
    }
    command.options = read_options(*options);
    return command;
}

/// The low 64 bits of a permission set, which Discord sends as a decimal string because it outgrows 53 bits:
/// arithmetic modulo 2^64 keeps them exact however long the number is.
std::uint64_t permission_bits(const std::string& text)
{
    std::uint64_t bits = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') {
            throw malformed{"\"member.permissions\" must be a decimal number"};
        }
        bits = bits * 10U + static_cast<std::uint64_t>(c - '0');
    }
    return bits;
}

void read_member(const json::object& member, interaction& out)
{
    out.member_permissions = permission_bits(text_at(member, "permissions", false, 40));
    if (const auto* roles = array_at(member, "roles")) {
        for (const auto& role : *roles) {
            if (!role.is_string() || !is_snowflake(role.as_string())) {
                throw malformed{"\"member.roles\" must hold role ids"};
            }
            out.member_roles.emplace_back(role.as_string());
        }
    }
}

void read_user(const json::object& root, interaction& out)
{
    const json::object* user = nullptr;
    if (const auto* member = object_at(root, "member")) {
        user = object_at(*member, "user");
        read_member(*member, out);
    }
    if (user == nullptr) {
        user = object_at(root, "user");
    }
    if (user == nullptr) {
        throw malformed{"neither \"member.user\" nor \"user\" is present"};
    }
    out.user_id = id_at(*user, "id");
    out.user_name = text_at(*user, "global_name", false, 200);
    if (out.user_name.empty()) {
        out.user_name = text_at(*user, "username", false, 200);
    }
}

source_message read_message(const json::object& message)
{
    source_message out;
    out.id = id_at(message, "id");
    out.content = text_at(message, "content", false, 8000);
    const auto* rows = array_at(message, "components");
    if (rows == nullptr) {
        return out;
    }
    for (const auto& r : *rows) {
        if (!r.is_object()) {
            throw malformed{"a message component must be an object"};
        }
        const auto* items = array_at(r.as_object(), "components");
        if (items == nullptr) {
            continue;
        }
        for (const auto& item : *items) {
            if (!item.is_object()) {
                throw malformed{"a message component must be an object"};
            }
            const auto& c = item.as_object();
            if (integer_at(c, "type") != 2 || c.if_contains("custom_id") == nullptr) {
                continue; // only quizbot's own buttons matter
            }
            out.buttons.push_back({text_at(c, "label", false, 200), text_at(c, "custom_id", true, 100)});
        }
    }
    return out;
}

interaction read(const json::object& root)
{
    interaction out;
    const auto type = integer_at(root, "type");
    if (!type || *type < 1 || *type > 5) {
        throw malformed{"\"type\" must be an interaction type (1 to 5)"};
    }
    out.type = static_cast<interaction_type>(*type);
    if (out.type == interaction_type::ping) {
        return out; // a PING carries nothing else we need
    }
    out.id = id_at(root, "id");
    out.application_id = id_at(root, "application_id");
    out.token = text_at(root, "token", true, 1000);
    if (out.token.empty()) {
        throw malformed{"\"token\" is empty"};
    }
    out.locale = text_at(root, "locale", false, 16);
    if (present(root, "guild_id") != nullptr) {
        out.guild_id = id_at(root, "guild_id");
    }
    if (present(root, "channel_id") != nullptr) {
        out.channel_id = id_at(root, "channel_id");
    }
    if (const auto context = integer_at(root, "context")) {
        if (*context < 0 || *context > 2) {
            throw malformed{"\"context\" must be 0, 1 or 2"};
        }
        out.context = static_cast<interaction_context>(*context);
    }
    read_user(root, out);
    const auto* data = object_at(root, "data");
    if (out.type == interaction_type::application_command || out.type == interaction_type::autocomplete) {
        if (data == nullptr) {
            throw malformed{"\"data\" is missing"};
        }
        out.command = read_command(*data);
    } else if (out.type == interaction_type::message_component) {
        if (data == nullptr) {
            throw malformed{"\"data\" is missing"};
        }
        component_input component;
        component.custom_id = text_at(*data, "custom_id", true, 100);
        component.component_type = static_cast<int>(integer_at(*data, "component_type").value_or(0));
        component.clicked = parse_clicked_button(component.custom_id);
        out.component = std::move(component);
        if (const auto* message = object_at(root, "message")) {
            out.message = read_message(*message);
        }
    }
    return out;
}

} // namespace

std::optional<std::string> command_input::option(std::string_view wanted) const
{
    for (const auto& [key, value] : options) {
        if (key == wanted) {
            return value;
        }
    }
    return std::nullopt;
}

bool is_snowflake(std::string_view text) noexcept
{
    if (text.empty() || text.size() > 20) {
        return false;
    }
    for (const char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    return true;
}

http::parsed<interaction> parse_interaction(std::string_view body)
{
    const auto not_one = [](std::string reason) { return http::refusal{400, "not an interaction: " + reason}; };
    boost::system::error_code ec;
    const auto value = json::parse(body, ec);
    if (ec) {
        return not_one("malformed JSON: " + ec.message());
    }
    if (!value.is_object()) {
        return not_one("an interaction must be a JSON object");
    }
    try {
        return read(value.as_object());
    } catch (const malformed& r) { // the reader's own, caught here: never seen by callers
        return not_one(r.reason);
    }
}

} // namespace quiz::bot::discord
