// SPDX-License-Identifier: MIT
// What learners read about reminders, in English and French: plurals, French typography, the pace note, and the
// times they type.
#include "bot/tutoring/reminder_texts.hpp"

#include <catch2/catch.hpp>

namespace tutoring_reminder_texts_test {

namespace {

using quiz::engine::language;
using quiz::engine::reminder_pace;
using namespace std::chrono_literals;

} // namespace

TEST_CASE("a reminder says how many reviews and how long, in the learner's language")
{
    using quiz::bot::tutoring::reminder_text;
    CHECK(reminder_text(1, 1, 0, reminder_pace::daily, language::en) ==
          "1 review is due: about 1 minute. Reviewing now keeps what you learned.");
    CHECK(reminder_text(5, 3, 1, reminder_pace::daily, language::en) ==
          "5 reviews are due: about 3 minutes. Reviewing now keeps what you learned.");
    CHECK(reminder_text(1, 1, 0, reminder_pace::daily, language::fr) ==
          "1 révision à faire\u00a0: environ 1\u00a0minute. Réviser maintenant, c’est garder ce que vous avez appris.");
    CHECK(reminder_text(4, 2, 0, reminder_pace::daily, language::fr) ==
          "4 révisions à faire\u00a0: environ 2\u00a0minutes. Réviser maintenant, c’est garder ce que vous avez "
          "appris.");
    // Less often, and why.
    CHECK(reminder_text(2, 1, 3, reminder_pace::every_other_day, language::en)
              .ends_with("\nYou left the last 3 reminders unanswered, so they now come every other day; a review "
                         "brings them back daily."));
    CHECK(reminder_text(2, 1, 6, reminder_pace::weekly, language::fr)
              .ends_with("ils viennent désormais une fois par semaine\u00a0; une révision les rend de nouveau "
                         "quotidiens."));
    CHECK(quiz::bot::tutoring::reminder_start_label(language::fr) == "Commencer la révision");
    CHECK(quiz::bot::tutoring::reminder_unsubscribe_label(language::en) == "Unsubscribe");
}

TEST_CASE("times are read as HH:MM, H:MM or 18h30 within a day, and written HH:MM")
{
    using quiz::bot::tutoring::parse_clock;
    CHECK(parse_clock("18:30") == 18h + 30min);
    CHECK(parse_clock("7:05") == 7h + 5min);
    CHECK(parse_clock("18h30") == 18h + 30min);
    CHECK(parse_clock("00:00") == 0min);
    CHECK(parse_clock("23:59") == 23h + 59min);
    for (const auto* bad : {"24:00", "18:60", "1830", "18:3", ":30", "18:30:00", "-1:30", "ab:cd", "", "118:30"}) {
        INFO(bad);
        CHECK_FALSE(parse_clock(bad));
    }
    CHECK(quiz::bot::tutoring::clock_text(7h + 5min) == "07:05");
}

} // namespace tutoring_reminder_texts_test
