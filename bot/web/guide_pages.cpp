// SPDX-License-Identifier: MIT
#include "bot/web/guide_pages.hpp"

#include "bot/tutoring/guide_link.hpp"
#include "bot/web/html.hpp"
#include "bot/web/markdown.hpp"

#include "bot/http/url_encoding.hpp"

namespace quiz::bot::web {

namespace {

std::string text_in(const engine::localized<std::string>& value, engine::language lang, const std::string& fallback)
{
    const std::string* text = value.best(lang);
    return text != nullptr ? *text : fallback;
}

/// The language the page is written in: `lang` when the pack has it, else the pack's first.
engine::language page_language(const engine::pack& content, engine::language lang)
{
    for (const auto l : content.languages) {
        if (l == lang) {
            return lang;
        }
    }
    return content.languages.empty() ? lang : content.languages.front();
}

std::string page(engine::language lang, const std::string& title, const std::string& body)
{
    std::string out = "<!doctype html>\n<html lang=\"";
    out += engine::code(lang);
    out += "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, "
           "initial-scale=1\">\n<title>";
    append_escaped(out, title);
    out += "</title>\n<link rel=\"stylesheet\" href=\"/assets/app.css\">\n</head>\n<body class=\"guide\">\n";
    out += body;
    out += "</body>\n</html>\n";
    return out;
}

std::string top_bar(const engine::pack& content, engine::language lang, const std::string& path)
{
    const bool fr = lang == engine::language::fr;
    std::string out = "<header class=\"bar\"><a class=\"brand\" href=\"/\">quizbot</a><nav aria-label=\"";
    out += fr ? "Langue" : "Language";
    out += "\">";
    for (const auto l : content.languages) {
        out += "<a href=\"" + path + "?lang=" + std::string(engine::code(l)) + "\"";
        out += l == lang ? " aria-current=\"true\">" : ">";
        out += l == engine::language::fr ? "Français" : "English";
        out += "</a> ";
    }
    out += "</nav></header>\n";
    return out;
}

} // namespace

std::string guide_section_page(const engine::pack& content, const engine::guide_section& section, engine::language lang)
{
    lang = page_language(content, lang);
    const bool fr = lang == engine::language::fr;
    const auto guide_title = text_in(content.guide_title, lang, content.key.value());
    const auto title = text_in(section.title, lang, section.key.value());
    const std::string pack_path = "/guide/" + http::percent_encode(content.key.value());
    std::string body = top_bar(content, lang, pack_path + "/" + http::percent_encode(section.key.value()));
    body += "<main class=\"page\">\n<p class=\"crumbs\"><a href=\"" + pack_path +
            "?lang=" + std::string(engine::code(lang)) + "\">";
    append_escaped(body, guide_title);
    body += "</a></p>\n<article>\n<h1>";
    append_escaped(body, title);
    body += "</h1>\n";
    body += render_markdown(text_in(section.body_markdown, lang, {}), 0);
    body += "</article>\n<nav class=\"sections\" aria-label=\"";
    body += fr ? "Sections du guide" : "Guide sections";
    body += "\"><ul>\n";
    for (const auto& s : content.sections) {
        body += "<li><a href=\"";
        append_escaped(body, tutoring::guide_path({content.key, s.key, {}, lang, {}}));
        body += s.key == section.key ? "\" aria-current=\"page\">" : "\">";
        append_escaped(body, text_in(s.title, lang, s.key.value()));
        body += "</a></li>\n";
    }
    body += "</ul></nav>\n<p><a class=\"button\" href=\"/?lang=" + std::string(engine::code(lang)) + "\">";
    body += fr ? "Retour au quiz" : "Back to the quiz";
    body += "</a></p>\n</main>\n";
    return page(lang, title + " · " + guide_title, body);
}

std::string guide_index_page(const engine::pack& content, engine::language lang)
{
    lang = page_language(content, lang);
    const bool fr = lang == engine::language::fr;
    const auto guide_title = text_in(content.guide_title, lang, content.key.value());
    std::string body = top_bar(content, lang, "/guide/" + http::percent_encode(content.key.value()));
    body += "<main class=\"page\">\n<h1>";
    append_escaped(body, guide_title);
    body += "</h1>\n<nav class=\"sections\" aria-label=\"";
    body += fr ? "Sections du guide" : "Guide sections";
    body += "\"><ol>\n";
    for (const auto& s : content.sections) {
        body += "<li><a href=\"";
        append_escaped(body, tutoring::guide_path({content.key, s.key, {}, lang, {}}));
        body += "\">";
        append_escaped(body, text_in(s.title, lang, s.key.value()));
        body += "</a></li>\n";
    }
    body += "</ol></nav>\n<p><a class=\"button\" href=\"/?lang=" + std::string(engine::code(lang)) + "\">";
    body += fr ? "Retour au quiz" : "Back to the quiz";
    body += "</a></p>\n</main>\n";
    return page(lang, guide_title, body);
}

} // namespace quiz::bot::web
