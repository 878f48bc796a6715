// SPDX-License-Identifier: MIT
#include "bot/tutoring/reminder_payload.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

namespace quiz::bot::tutoring {

namespace json = boost::json;

std::string encode_reminder(const reminder_message& message)
{
    return json::serialize(json::object{
        {"learner", message.learner.value()},
        {"platform", message.who.platform},
        {"external_id", message.who.external_id},
        {"lang", engine::code(message.lang)},
        {"text", message.text},
        {"start", message.start_label},
        {"unsubscribe", message.unsubscribe_label},
    });
}

std::optional<reminder_message> decode_reminder(std::string_view payload)
{
    boost::system::error_code ec;
    const json::value v = json::parse(payload, ec);
    const auto* o = ec ? nullptr : v.if_object();
    if (o == nullptr) {
        return std::nullopt;
    }
    const auto text = [o](std::string_view key) -> const json::string* {
        const auto* found = o->if_contains(key);
        return found != nullptr ? found->if_string() : nullptr;
    };
    const auto* learner = o->if_contains("learner");
    const auto* platform = text("platform");
    const auto* external = text("external_id");
    const auto* lang = text("lang");
    const auto* body = text("text");
    const auto* start = text("start");
    const auto* unsubscribe = text("unsubscribe");
    if (learner == nullptr || !learner->is_int64() || platform == nullptr || external == nullptr || lang == nullptr ||
        body == nullptr || start == nullptr || unsubscribe == nullptr) {
        return std::nullopt;
    }
    const auto language = engine::parse_language(*lang);
    if (!language) {
        return std::nullopt;
    }
    return reminder_message{engine::learner_id{learner->as_int64()},
                            {std::string(*platform), std::string(*external)},
                            *language,
                            std::string(*body),
                            std::string(*start),
                            std::string(*unsubscribe)};
}

} // namespace quiz::bot::tutoring
