// SPDX-License-Identifier: MIT
#include "bot/tutoring/reminder_texts.hpp"

#include "engine/text/catalog.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <string_view>
#include <vector>

namespace quiz::bot::tutoring {

namespace {

using engine::language;
using arg = engine::message_arg;

enum class reminder_line : unsigned char {
    setting_on,
    setting_off,
    turned_on,
    turned_off,
    bad_time,
    bad_zone,
    needs_zone,
    unavailable,
    refused,
    reminder,
    every_other_day,
    weekly,
    start,
    unsubscribe,
};

// In the order of the enum; French typography as in the engine's catalogue.
// clang-format off
constexpr std::array<engine::bilingual, 14> reminder_lines{{
    {"Reminders by DM: on, at {time} ({zone}){chosen}. Next one: {day} at {next}, if reviews are due.",
     "Rappels en message privé\u00a0: activés, à {time} ({zone}){chosen}. Prochain\u00a0: {day} à {next}, s’il y a "
     "des révisions à faire."},
    {"Reminders by DM: off. `/quiz remind on [HH:MM] [time zone]` sends one when your reviews are due.",
     "Rappels en message privé\u00a0: désactivés. `/quiz remind on [HH:MM] [fuseau]` vous en envoie un quand des "
     "révisions sont à faire."},
    {"Reminders on: at {time} ({zone}), at most one a day and only when reviews are due. Next one: {day} at {next}.",
     "Rappels activés\u00a0: à {time} ({zone}), au plus un par jour et seulement s’il y a des révisions à faire. "
     "Prochain\u00a0: {day} à {next}."},
    {"Reminders off: you will get no more. `/quiz remind on` turns them back on.",
     "Rappels désactivés\u00a0: vous n’en recevrez plus. `/quiz remind on` les réactive."},
    {"“{typed}” is not a time: write it as HH:MM, for example 18:30.",
     "«\u00a0{typed}\u00a0» n’est pas une heure\u00a0: écrivez-la HH:MM, par exemple 18:30."},
    {"“{typed}” is not a time zone: use a name such as Europe/Paris, America/New_York or UTC.",
     "«\u00a0{typed}\u00a0» n’est pas un fuseau horaire\u00a0: utilisez un nom comme Europe/Paris, America/New_York "
     "ou UTC."},
    {"Which time zone are you in? Add it after the time, for example `/quiz remind on 18:00 Europe/Paris`.",
     "Dans quel fuseau horaire êtes-vous\u00a0? Ajoutez-le après l’heure, par exemple "
     "`/quiz remind on 18:00 Europe/Paris`."},
    {"This server sends no reminders.", "Ce serveur n’envoie pas de rappels."},
    {"Your reminders by DM are off: the last one could not reach you (your privacy settings may block messages from "
     "the bot). `/quiz remind on` turns them back on.",
     "Vos rappels en message privé sont désactivés\u00a0: le dernier n’a pas pu vous parvenir (vos réglages de "
     "confidentialité bloquent peut-être les messages du bot). `/quiz remind on` les réactive."},
    {"{due, plural, one {# review is} other {# reviews are}} due: about {minutes} {minutes, plural, one {minute} "
     "other {minutes}}. Reviewing now keeps what you learned.",
     "{due, plural, one {# révision à faire} other {# révisions à faire}}\u00a0: environ {minutes}\u00a0"
     "{minutes, plural, one {minute} other {minutes}}. Réviser maintenant, c’est garder ce que vous avez appris."},
    {"You left the last {ignored} reminders unanswered, so they now come every other day; a review brings them back "
     "daily.",
     "Vous avez laissé les {ignored}\u00a0derniers rappels sans réponse\u00a0: ils viennent désormais un jour sur "
     "deux\u00a0; une révision les rend de nouveau quotidiens."},
    {"You left the last {ignored} reminders unanswered, so they now come once a week; a review brings them back "
     "daily.",
     "Vous avez laissé les {ignored}\u00a0derniers rappels sans réponse\u00a0: ils viennent désormais une fois par "
     "semaine\u00a0; une révision les rend de nouveau quotidiens."},
    {"Start review", "Commencer la révision"},
    {"Unsubscribe", "Se désabonner"},
}};
// clang-format on

std::string say(reminder_line l, language lang, std::initializer_list<arg> args = {})
{
    return engine::say_in(reminder_lines, l, lang, args);
}

std::string zone_name(const engine::reminder_schedule& schedule)
{
    return schedule.zone.empty() ? "UTC" : schedule.zone;
}

std::string day_text(std::chrono::year_month_day day, language lang)
{
    static constexpr std::array<std::string_view, 7> en_days{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static constexpr std::array<std::string_view, 7> fr_days{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."};
    static constexpr std::array<std::string_view, 12> en_months{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    static constexpr std::array<std::string_view, 12> fr_months{"janv.", "févr.", "mars",  "avr.", "mai",  "juin",
                                                                "juil.", "août",  "sept.", "oct.", "nov.", "déc."};
    const auto weekday = std::chrono::weekday{std::chrono::sys_days{day}}.c_encoding();
    const auto month = static_cast<unsigned>(day.month()) - 1;
    const auto d = static_cast<unsigned>(day.day());
    if (lang == language::fr) {
        return fmt::format("{} {}\u00a0{}", fr_days.at(weekday), d, fr_months.at(month));
    }
    return fmt::format("{} {} {}", en_days.at(weekday), d, en_months.at(month));
}

} // namespace

std::string clock_text(std::chrono::minutes time_of_day)
{
    return fmt::format("{:02}:{:02}", time_of_day.count() / 60, time_of_day.count() % 60);
}

std::optional<std::chrono::minutes> parse_clock(const std::string& typed)
{
    const auto sep = typed.find_first_of(":hH");
    if (sep == std::string::npos || sep == 0 || sep > 2 || typed.size() != sep + 3) {
        return std::nullopt;
    }
    int hours = 0;
    int minutes = 0;
    const auto* first = typed.data();
    if (std::from_chars(first, first + sep, hours).ptr != first + sep ||
        std::from_chars(first + sep + 1, first + typed.size(), minutes).ptr != first + typed.size()) {
        return std::nullopt;
    }
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) {
        return std::nullopt;
    }
    return std::chrono::minutes{hours * 60 + minutes};
}

std::string reminder_setting_text(const engine::reminder_schedule& schedule, std::optional<engine::local_time> next,
                                  language lang)
{
    if (!schedule.enabled || !next) {
        return say(reminder_line::setting_off, lang);
    }
    const std::string chosen =
        schedule.setting.time_chosen ? "" : (lang == language::fr ? ", l’heure par défaut" : ", the default hour");
    return say(reminder_line::setting_on, lang,
               {arg::str("time", clock_text(schedule.setting.time_of_day)), arg::str("zone", zone_name(schedule)),
                arg::str("chosen", chosen), arg::str("day", day_text(next->day, lang)),
                arg::str("next", clock_text(next->time_of_day))});
}

std::string reminders_on_text(const engine::reminder_schedule& schedule, engine::local_time next, language lang)
{
    return say(reminder_line::turned_on, lang,
               {arg::str("time", clock_text(schedule.setting.time_of_day)), arg::str("zone", zone_name(schedule)),
                arg::str("day", day_text(next.day, lang)), arg::str("next", clock_text(next.time_of_day))});
}

std::string reminders_off_text(language lang) { return say(reminder_line::turned_off, lang); }

std::string reminder_bad_time_text(const std::string& typed, language lang)
{
    return say(reminder_line::bad_time, lang, {arg::str("typed", typed)});
}

std::string reminder_bad_zone_text(const std::string& typed, language lang)
{
    return say(reminder_line::bad_zone, lang, {arg::str("typed", typed)});
}

std::string reminder_needs_zone_text(language lang) { return say(reminder_line::needs_zone, lang); }

std::string reminders_unavailable_text(language lang) { return say(reminder_line::unavailable, lang); }

std::string reminders_refused_text(language lang) { return say(reminder_line::refused, lang); }

std::string reminder_text(int due, int minutes, int ignored, engine::reminder_pace pace, language lang)
{
    auto out = say(reminder_line::reminder, lang, {arg::num("due", due), arg::num("minutes", minutes)});
    if (pace == engine::reminder_pace::every_other_day) {
        out += "\n" + say(reminder_line::every_other_day, lang, {arg::num("ignored", ignored)});
    } else if (pace == engine::reminder_pace::weekly) {
        out += "\n" + say(reminder_line::weekly, lang, {arg::num("ignored", ignored)});
    }
    return out;
}

std::string reminder_start_label(language lang) { return say(reminder_line::start, lang); }

std::string reminder_unsubscribe_label(language lang) { return say(reminder_line::unsubscribe, lang); }

} // namespace quiz::bot::tutoring
