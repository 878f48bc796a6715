// SPDX-License-Identifier: MIT
#include "bot/discord/command_set.hpp"

#include <boost/json/object.hpp>

namespace quiz::bot::discord {

namespace {

namespace json = boost::json;

enum option_type : std::int64_t { sub_command = 1, string = 3, integer = 4, boolean = 5 };

struct words {
    const char* name;
    const char* name_fr;
    const char* description;
    const char* description_fr;
};

json::object named(const words& w)
{
    json::object o{{"name", w.name}, {"description", w.description}};
    if (std::string_view(w.name) != w.name_fr) {
        o["name_localizations"] = json::object{{"fr", w.name_fr}};
    }
    o["description_localizations"] = json::object{{"fr", w.description_fr}};
    return o;
}

json::object option(const words& w, bool required, json::array choices = {})
{
    auto o = named(w);
    o["type"] = static_cast<std::int64_t>(string);
    o["required"] = required;
    if (!choices.empty()) {
        o["choices"] = std::move(choices);
    }
    return o;
}

/// An integer option within [min, max]; Discord's client refuses other values before sending.
json::object integer_option(const words& w, std::int64_t min, std::int64_t max)
{
    auto o = named(w);
    o["type"] = static_cast<std::int64_t>(integer);
    o["required"] = false;
    o["min_value"] = min;
    o["max_value"] = max;
    return o;
}

json::object boolean_option(const words& w)
{
    auto o = named(w);
    o["type"] = static_cast<std::int64_t>(boolean);
    o["required"] = false;
    return o;
}

json::object subcommand(const words& w, json::array options = {})
{
    auto o = named(w);
    o["type"] = static_cast<std::int64_t>(sub_command);
    if (!options.empty()) {
        o["options"] = std::move(options);
    }
    return o;
}

const words pack_option{"pack", "paquet", "Which pack (default: the first one)",
                        "Quel paquet (par défaut : le premier)"};

} // namespace

json::array command_set()
{
    json::array subcommands{
        subcommand({"start", "commencer", "Start a tutoring session", "Commencer une session de tutorat"},
                   {option(pack_option, false), option({"concept", "notion", "Only questions on this concept",
                                                        "Seulement les questions sur cette notion"},
                                                       false)}),
        subcommand({"review", "réviser", "Only the reviews that are due", "Seulement les révisions dues"},
                   {option(pack_option, false)}),
        subcommand({"stats", "stats", "Your progress", "Vos progrès"}, {option(pack_option, false)}),
        subcommand(
            {"lang", "langue", "The language quizbot speaks to you in", "La langue dans laquelle quizbot vous parle"},
            {option({"language", "langue", "English or French", "Anglais ou français"}, true,
                    json::array{json::object{{"name", "English"}, {"value", "en"}},
                                json::object{{"name", "Français"}, {"value", "fr"}}})}),
        subcommand({"forget-me", "oublie-moi", "Erase everything quizbot keeps about you",
                    "Effacer tout ce que quizbot garde sur vous"}),
        subcommand({"help", "aide", "How to use quizbot", "Comment utiliser quizbot"}),
        subcommand({"group", "groupe", "A study-group round in this channel: everyone on the same questions",
                    "Une partie en groupe dans ce salon : tout le monde sur les mêmes questions"},
                   {option(pack_option, false),
                    integer_option({"questions", "questions", "How many questions (1 to 20, default 5)",
                                    "Combien de questions (1 à 20, 5 par défaut)"},
                                   1, 20),
                    integer_option({"seconds", "secondes", "Seconds per question (10 to 300; default: by its length)",
                                    "Secondes par question (10 à 300 ; par défaut : selon sa longueur)"},
                                   10, 300)}),
        subcommand({"remind", "rappel", "Reminders by DM when your reviews are due: on, off, or see the setting",
                    "Rappels en message privé quand vos révisions sont dues : activer, désactiver ou voir"},
                   {option({"switch", "etat", "On or off (leave it out to see the setting)",
                            "Activer ou désactiver (sans : voir le réglage)"},
                           false,
                           json::array{json::object{{"name", "on"},
                                                    {"name_localizations", json::object{{"fr", "activer"}}},
                                                    {"value", "on"}},
                                       json::object{{"name", "off"},
                                                    {"name_localizations", json::object{{"fr", "désactiver"}}},
                                                    {"value", "off"}}}),
                    option({"time", "heure", "Local time of day, HH:MM (default 18:00)",
                            "Heure locale, HH:MM (18:00 par défaut)"},
                           false),
                    option({"zone", "fuseau", "Your time zone, e.g. Europe/Paris",
                            "Votre fuseau horaire, par exemple Europe/Paris"},
                           false)}),
        subcommand({"report", "rapport", "Instructors: your class's progress, privately, with a dashboard link",
                    "Enseignants : les progrès de votre classe, en privé, avec un lien vers le tableau de bord"},
                   {option(pack_option, false),
                    boolean_option({"here", "ici", "Only members who played a round in this channel",
                                    "Seulement les membres qui ont joué une partie dans ce salon"})}),
    };
    auto quiz = named({"quiz", "quiz", "Adaptive quiz and tutor with spaced repetition",
                       "Quiz et tutorat adaptatif avec répétition espacée"});
    quiz["type"] = 1; // CHAT_INPUT
    quiz["options"] = std::move(subcommands);
    quiz["integration_types"] = json::array{0, 1};
    quiz["contexts"] = json::array{0, 1, 2};
    return json::array{std::move(quiz)};
}

} // namespace quiz::bot::discord
