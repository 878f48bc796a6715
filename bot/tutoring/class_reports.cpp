// SPDX-License-Identifier: MIT
#include "bot/tutoring/class_reports.hpp"

#include "bot/http/url_encoding.hpp"
#include "bot/logging.hpp"
#include "bot/report/pack_rows.hpp"
#include "bot/report/scope_text.hpp"
#include "bot/tutoring/pack_shelf.hpp"
#include "bot/tutoring/texts.hpp"
#include "engine/text/catalog.hpp"

#include <spdlog/logger.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace quiz::bot::tutoring {

namespace {

using engine::language;
using arg = engine::message_arg;

enum class phrase : unsigned char { title, this_channel, link_button, link_note, not_instructor, needs_class };

// In the order of the enum.
// clang-format off
constexpr std::array<engine::bilingual, 6> phrases{{
    {"Class report · {pack}", "Rapport de la classe · {pack}"},
    {"{title} · this channel", "{title} · ce salon"},
    {"Open the dashboard", "Ouvrir le tableau de bord"},
    {"This link is yours: it opens this class's dashboard for an hour. Do not share it.",
     "Ce lien est à vous\u00a0: il ouvre le tableau de bord de cette classe pendant une heure. Ne le partagez pas."},
    {"Class reports are for instructors: members with Administrator or Manage Server on Discord, workspace admins "
     "and owners on Slack, and those the server's operator names. Your own progress is in /quiz stats.",
     "Les rapports de classe sont réservés aux enseignants\u00a0: membres avec Administrateur ou Gérer le serveur "
     "sur Discord, administrateurs et propriétaires de l’espace sur Slack, et ceux que l’opérateur du serveur "
     "désigne. Vos propres progrès sont dans /quiz stats."},
    {"A class report is about a server or a workspace: ask for it in one of its channels, not in a direct message.",
     "Un rapport de classe porte sur un serveur ou un espace de travail\u00a0: demandez-le dans l’un de ses salons, "
     "pas en message privé."},
}};
// clang-format on

std::string say(phrase p, language lang, std::initializer_list<arg> args = {})
{
    return engine::say_in(phrases, p, lang, args);
}

report_screen notice_of(notice_kind kind, language lang, std::string text)
{
    return {lang, notice_screen{kind, std::move(text)}};
}

} // namespace

class_reports::class_reports(class_report_parts parts) : p_(std::move(parts)) {}

void class_reports::perform(report_request r, std::function<void(report_screen)> show) const
{
    const language lang = r.who.platform_lang.value_or(language::en);
    auto refuse = [this, &show](report_screen shown) {
        p_.hand_over([show = std::move(show), shown = std::move(shown)]() mutable { show(std::move(shown)); });
    };
    if (!r.who.workspace) {
        refuse(notice_of(notice_kind::report_needs_class, lang, say(phrase::needs_class, lang)));
        return;
    }
    if (r.as != standing::instructor) {
        refuse(notice_of(notice_kind::not_instructor, lang, say(phrase::not_instructor, lang)));
        return;
    }
    if (r.pack && p_.shelf.find(r.pack) == nullptr) {
        refuse(notice_of(notice_kind::unknown_pack, lang,
                         tutoring::say(text::unknown_pack, lang,
                                       {arg::str("pack", *r.pack), arg::str("list", p_.shelf.key_list())})));
        return;
    }
    const auto now = p_.clock();
    auto request = std::make_shared<report_request>(std::move(r));
    p_.run([this, request, now, lang, show = std::move(show)]() mutable {
        report_screen shown;
        try {
            shown = summarize(*request, now);
        } catch (const std::exception& e) {
            p_.log.error("class report failed platform={} error={}", request->who.identity.platform,
                         log_quote(e.what()));
            shown = notice_of(notice_kind::failed, lang, tutoring::say(text::failed, lang));
        }
        p_.hand_over([show = std::move(show), shown = std::move(shown)]() mutable { show(std::move(shown)); });
    });
}

report_screen class_reports::summarize(const report_request& r, engine::instant now) const
{
    // The language the instructor chose with /quiz lang, else their platform's, as for their own sessions.
    const language lang =
        p_.source.chosen_language(r.who.identity).value_or(r.who.platform_lang.value_or(language::en));
    const engine::report_scope scope{r.who.workspace, r.channel};
    // The pack named (perform checked it), else the first one answered in the class, else the default one.
    const auto* shelved = p_.shelf.find(r.pack);
    const auto named = r.pack && shelved != nullptr ? std::optional(shelved->key) : std::nullopt;
    const auto* index = report::report_pack(p_.library, p_.source.packs(scope), named);
    if (index == nullptr && shelved != nullptr) {
        index = p_.library.find(shelved->key); // nobody has answered yet: an empty report, and the link
    }
    if (index == nullptr) {
        throw std::runtime_error("no pack to report on");
    }
    const auto rows = report::load_pack_rows(p_.source, scope, *index, now);

    class_report_screen out;
    out.summary = engine::summarize_class(rows.learners, rows.items, now);
    out.title = say(phrase::title, lang, {arg::str("pack", pack_shelf::title(index->content(), lang))});
    if (r.channel) {
        out.title = say(phrase::this_channel, lang, {arg::str("title", out.title)});
    }
    out.lines = class_report_lines(out.summary, *index, lang);
    const std::string by = r.who.identity.platform + ":" + r.who.identity.external_id;
    out.link = p_.sign(report::scope_text(scope), by, now) + "&lang=" + std::string(engine::code(lang)) +
               "&pack=" + http::percent_encode(index->content().key.value());
    out.link_label = say(phrase::link_button, lang);
    out.link_note = say(phrase::link_note, lang);
    return {lang, std::move(out)};
}

} // namespace quiz::bot::tutoring
