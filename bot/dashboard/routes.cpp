// SPDX-License-Identifier: MIT
#include "bot/dashboard/routes.hpp"

#include "bot/dashboard/pages.hpp"
#include "bot/http/router.hpp"
#include "bot/http/url_encoding.hpp"
#include "bot/report/class_tables.hpp"
#include "bot/report/scope_text.hpp"
#include "bot/report/writers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <sstream>

namespace quiz::bot::dashboard {

namespace {

enum class page_kind : unsigned char { overview, items, learners, concepts, activity };

using query_fields = std::vector<std::pair<std::string, std::string>>;

std::optional<std::string_view> field(const query_fields& fields, std::string_view name)
{
    for (const auto& [key, value] : fields) {
        if (key == name) {
            return value;
        }
    }
    return std::nullopt;
}

/// `lang=fr|en`, else the first of fr or en in Accept-Language, else English.
engine::language language_of(const http::request& req, const query_fields& fields)
{
    if (const auto lang = field(fields, "lang")) {
        if (*lang == "fr" || *lang == "en") {
            return *lang == "fr" ? engine::language::fr : engine::language::en;
        }
    }
    // Tags in the order the browser lists them; q-values are left aside, browsers list by preference anyway.
    std::string_view accept = req.fields.find("accept-language").value_or("");
    while (!accept.empty()) {
        const auto comma = accept.find(',');
        auto tag = accept.substr(0, comma);
        tag.remove_prefix(std::min(tag.find_first_not_of(' '), tag.size()));
        if (tag.size() >= 2 && (tag[0] | 0x20) == 'f' && (tag[1] | 0x20) == 'r') {
            return engine::language::fr;
        }
        if (tag.size() >= 2 && (tag[0] | 0x20) == 'e' && (tag[1] | 0x20) == 'n') {
            return engine::language::en;
        }
        accept = comma == std::string_view::npos ? std::string_view{} : accept.substr(comma + 1);
    }
    return engine::language::en;
}

/// The headers of every dashboard answer: the link is a credential, so nothing is cached, sent on or indexed.
void secure(http::response& r)
{
    r.fields.set("Cache-Control", "no-store");
    r.fields.set("Referrer-Policy", "no-referrer");
    r.fields.set("X-Robots-Tag", "noindex");
    r.fields.set("X-Content-Type-Options", "nosniff");
    r.fields.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
                                            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
}

http::response html(unsigned status, std::string body)
{
    http::response r;
    r.status = status;
    r.fields.set("Content-Type", "text/html; charset=utf-8");
    r.body = std::move(body);
    secure(r);
    return r;
}

std::string_view table_name(page_kind kind) noexcept
{
    switch (kind) {
    case page_kind::items:
        return "items";
    case page_kind::learners:
        return "learners";
    case page_kind::concepts:
        return "concepts";
    case page_kind::overview:
    case page_kind::activity:
        break;
    }
    return "activity";
}

std::string_view path_of(page_kind kind) noexcept
{
    switch (kind) {
    case page_kind::overview:
        return "/reports";
    case page_kind::items:
        return "/reports/items";
    case page_kind::learners:
        return "/reports/learners";
    case page_kind::concepts:
        return "/reports/concepts";
    case page_kind::activity:
        break;
    }
    return "/reports/activity";
}

/// A file name made of letters, digits, '.', '_' and '-' only: "items-discord-123.csv".
std::string file_name(std::string_view table, std::string_view scope, std::string_view extension)
{
    std::string name = std::string(table) + "-";
    for (const char c : scope) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                           c == '-' || c == '.';
        name += plain ? c : '-';
    }
    return name + "." + std::string(extension);
}

report::table table_of(page_kind kind, const class_view& view)
{
    switch (kind) {
    case page_kind::items:
        return report::items_table(view.rows.items);
    case page_kind::learners:
        return view.index != nullptr ? report::learners_table(*view.index, view.rows.learners) : report::table{};
    case page_kind::concepts:
        return report::concepts_table(view.rows.concepts);
    case page_kind::overview:
    case page_kind::activity:
        break;
    }
    return report::activity_table(view.activity);
}

http::response export_table(page_kind kind, const class_view& view, const std::string& scope, report::format how)
{
    std::ostringstream out;
    report::write(out, table_of(kind, view), how);
    http::response r;
    r.status = 200;
    r.body = std::move(out).str();
    const bool csv = how == report::format::csv;
    r.fields.set("Content-Type", csv ? "text/csv; charset=utf-8" : "application/json");
    r.fields.set("Content-Disposition", std::string(csv ? "attachment" : "inline") + "; filename=\"" +
                                            file_name(table_name(kind), scope, csv ? "csv" : "json") + "\"");
    secure(r);
    return r;
}

std::string until_text(std::chrono::sys_seconds until)
{
    const auto day = std::chrono::floor<std::chrono::days>(until);
    const std::chrono::year_month_day date{day};
    const std::chrono::hh_mm_ss time{until - day};
    return fmt::format("{:04}-{:02}-{:02} {:02}:{:02} UTC", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()), time.hours().count(),
                       time.minutes().count());
}

std::string render(page_kind kind, const page_context& at, const class_view& view, engine::instant now,
                   std::string_view question)
{
    switch (kind) {
    case page_kind::overview:
        return overview_page(at, view, now);
    case page_kind::items:
        return items_page(at, view, question);
    case page_kind::learners:
        return learners_page(at, view);
    case page_kind::concepts:
        return concepts_page(at, view);
    case page_kind::activity:
        break;
    }
    return activity_page(at, view);
}

void serve_page(const std::shared_ptr<const dashboard_parts>& parts, page_kind kind, const http::request& req,
                const http::responder& reply)
{
    const auto parsed = http::parse_form(req.query);
    const query_fields fields = parsed.value_or(query_fields{});
    const engine::language lang = language_of(req, fields);
    const auto now = parts->now();
    const auto checked =
        parts->links.check({field(fields, "scope"), field(fields, "by"), field(fields, "until"), field(fields, "sig")},
                           std::chrono::time_point_cast<std::chrono::seconds>(now));
    const auto* refused = std::get_if<link_refusal>(&checked);
    const auto* grant = std::get_if<report_grant>(&checked);
    auto scope = grant != nullptr ? report::parse_scope(grant->scope) : std::nullopt;
    if (refused != nullptr || !parsed || !scope) {
        reply.send(html(401, refusal_page(lang, refused != nullptr ? *refused : link_refusal::forged)));
        return;
    }
    page_context at;
    at.lang = lang;
    at.scope = grant->scope;
    at.credentials = parts->links.query(*grant);
    at.path = path_of(kind);
    at.until = until_text(grant->until);
    std::optional<engine::pack_key> pack;
    if (const auto key = field(fields, "pack"); key && !key->empty()) {
        pack = engine::pack_key{std::string(*key)};
    }
    const auto format = field(fields, "format");
    std::optional<report::format> how;
    if (format == "csv") {
        how = report::format::csv;
    } else if (format == "json") {
        how = report::format::json;
    } else if (format) {
        reply.send(html(400, bare_page(lang, "400", "<p>format: csv or json</p>\n")));
        return;
    }
    if (how && kind == page_kind::overview) {
        how.reset(); // the overview has no table of its own
    }
    std::string question(field(fields, "question").value_or(""));
    parts->run([parts, kind, at = std::move(at), scope = *std::move(scope), pack, how, now,
                question = std::move(question), reply]() mutable {
        try {
            const class_view view = parts->load(scope, pack, now);
            if (view.index != nullptr) {
                at.pack = view.index->content().key.value();
            }
            if (how) {
                reply.send(export_table(kind, view, at.scope, *how));
                return;
            }
            reply.send(html(200, render(kind, at, view, now, question)));
        } catch (const std::exception& e) {
            parts->failed(e);
            reply.send(html(500, bare_page(at.lang, "500", "<p>Internal error</p>\n")));
        }
    });
}

} // namespace

void add_dashboard_routes(http::router& routes, dashboard_parts parts)
{
    const auto shared = std::make_shared<const dashboard_parts>(std::move(parts));
    for (const auto kind :
         {page_kind::overview, page_kind::items, page_kind::learners, page_kind::concepts, page_kind::activity}) {
        routes.add_async(http::verb::get, path_of(kind), [shared, kind](http::request req, http::responder reply) {
            serve_page(shared, kind, req, reply);
        });
    }
}

} // namespace quiz::bot::dashboard
