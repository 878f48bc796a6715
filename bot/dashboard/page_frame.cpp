// SPDX-License-Identifier: MIT
#include "bot/dashboard/page_frame.hpp"

#include "bot/http/url_encoding.hpp"
#include "bot/web/html.hpp"

#include <array>
#include <utility>

namespace quiz::bot::dashboard {

namespace {

// One inline sheet: the page needs no other request, and the CSP allows no script. Tables scroll inside their
// wrapper, so a 375-px phone never scrolls the page sideways; charts scale with their viewBox.
constexpr std::string_view style = R"css(
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center}
header a{color:#fff}
header .brand{font-weight:700;margin-right:auto}
nav.pages{display:flex;flex-wrap:wrap;gap:.3rem .9rem}
nav.pages a[aria-current]{font-weight:700;text-decoration:none}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0 .8rem}
h2{font-size:1.15rem;margin:1.6rem 0 .5rem}
.meta{color:#555;font-size:.9rem;overflow-wrap:anywhere}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.6rem;margin:0;padding:0}
.figures div{background:#fff;border:1px solid #dde1e8;border-radius:.4rem;padding:.6rem}
.figures dt{font-size:.85rem;color:#555}
.figures dd{margin:0;font-size:1.5rem;font-weight:700}
.table-wrap{overflow-x:auto;max-width:100%;background:#fff;border:1px solid #dde1e8;border-radius:.4rem}
table{border-collapse:collapse;font-size:.85rem}
th,td{padding:.3rem .5rem;border-bottom:1px solid #eceff3;text-align:left;white-space:nowrap}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.exports{display:flex;flex-wrap:wrap;gap:.8rem;margin:.6rem 0}
svg.chart{display:block;max-width:min(100%,56rem);height:auto;margin-bottom:1rem;background:#fff;border:1px solid #dde1e8;border-radius:.4rem}
svg .bar{fill:#4f7cc4}svg .accent,svg .bar.accent{fill:#d9822b}svg .track{fill:#eef1f5}
svg .axis,svg .frame{stroke:#8a93a3;fill:none}svg .guide{stroke:#8a93a3;stroke-dasharray:4 3}
svg text{font-size:11px;fill:#1d2330}svg .point circle{fill:#4f7cc4}svg .point.flagged circle{fill:#c43d3d}
details{background:#fff;border:1px solid #dde1e8;border-radius:.4rem;padding:.4rem .6rem;margin:.4rem 0}
summary{cursor:pointer;overflow-wrap:anywhere}
ol.ranked li,ul.help li{margin:.2rem 0;overflow-wrap:anywhere}
.flag{color:#a02c2c}
)css";

struct nav_entry {
    std::string_view path;
    phrase name;
};
constexpr std::array nav_entries{
    nav_entry{"/reports", phrase::overview},          nav_entry{"/reports/items", phrase::items},
    nav_entry{"/reports/learners", phrase::learners}, nav_entry{"/reports/concepts", phrase::concepts},
    nav_entry{"/reports/activity", phrase::activity},
};

std::string head(engine::language lang, std::string_view title)
{
    std::string out = "<!doctype html>\n<html lang=\"";
    out += engine::code(lang);
    out += "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, "
           "initial-scale=1\">\n<meta name=\"robots\" content=\"noindex\">\n<meta name=\"referrer\" "
           "content=\"no-referrer\">\n<link rel=\"icon\" href=\"data:,\">\n<title>";
    web::append_escaped(out, title);
    out += "</title>\n<style>";
    out += style;
    out += "</style>\n</head>\n<body>\n";
    return out;
}

} // namespace

std::string page_context::href(std::string_view target, std::string_view extra,
                               std::optional<engine::language> in) const
{
    std::string url(target);
    url += "?" + credentials + "&lang=" + std::string(engine::code(in.value_or(lang)));
    if (!pack.empty()) {
        url += "&pack=" + http::percent_encode(pack);
    }
    if (!extra.empty()) {
        url += "&";
        url += extra;
    }
    return web::html_escape(url);
}

std::string dashboard_page(const page_context& at, std::string_view title, const std::string& main)
{
    std::string out = head(at.lang, std::string(title) + " · " + std::string(at.say(phrase::title)));
    out += "<header><span class=\"brand\">quizbot</span><nav class=\"pages\" aria-label=\"";
    web::append_escaped(out, at.say(phrase::title));
    out += "\">";
    for (const auto& entry : nav_entries) {
        out += "<a href=\"" + at.href(entry.path) + "\"";
        out += entry.path == at.path ? " aria-current=\"page\">" : ">";
        web::append_escaped(out, at.say(entry.name));
        out += "</a>";
    }
    const auto other = at.lang == engine::language::fr ? engine::language::en : engine::language::fr;
    out += "</nav><a class=\"language\" hreflang=\"" + std::string(engine::code(other)) + "\" href=\"" +
           at.href(at.path, {}, other) + "\">";
    web::append_escaped(out, at.say(phrase::switch_language));
    out += "</a></header>\n<main>\n<h1>";
    web::append_escaped(out, title);
    out += "</h1>\n<p class=\"meta\">";
    web::append_escaped(out, at.say(phrase::class_of));
    out += " <code>";
    web::append_escaped(out, at.scope);
    out += "</code>";
    if (!at.pack.empty()) {
        out += " · ";
        web::append_escaped(out, at.say(phrase::pack));
        out += " <code>";
        web::append_escaped(out, at.pack);
        out += "</code>";
    }
    out += " · ";
    web::append_escaped(out, at.say(phrase::valid_until));
    out += " ";
    web::append_escaped(out, at.until);
    out += "</p>\n";
    out += main;
    out += "</main>\n</body>\n</html>\n";
    return out;
}

std::string export_links(const page_context& at, std::string_view target)
{
    std::string out = "<p class=\"exports\"><a href=\"" + at.href(target, "format=csv") + "\" download>";
    web::append_escaped(out, at.say(phrase::export_csv));
    out += "</a><a href=\"" + at.href(target, "format=json") + "\">";
    web::append_escaped(out, at.say(phrase::export_json));
    out += "</a></p>\n";
    return out;
}

std::string bare_page(engine::language lang, std::string_view title, const std::string& main)
{
    std::string out = head(lang, title);
    out += "<main>\n<h1>";
    web::append_escaped(out, title);
    out += "</h1>\n" + main + "</main>\n</body>\n</html>\n";
    return out;
}

} // namespace quiz::bot::dashboard
