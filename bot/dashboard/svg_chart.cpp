// SPDX-License-Identifier: MIT
#include "bot/dashboard/svg_chart.hpp"

#include "bot/web/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace quiz::bot::dashboard {

namespace {

using web::html_escape;

// Coordinates in the viewBox; the browser scales the whole drawing to the page's width.
constexpr double width = 640;

std::string number(double v) { return fmt::format("{:.1f}", v); }

std::string open_svg(double height, const std::string& caption)
{
    return fmt::format(R"(<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" aria-label="{}">)"
                       "<title>{}</title>",
                       number(width), number(height), html_escape(caption), html_escape(caption));
}

double clamp01(double v) { return std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0; }

} // namespace

std::string column_chart(const std::string& caption, const std::vector<bar>& bars, std::size_t label_every)
{
    constexpr double height = 220;
    constexpr double top = 20;
    constexpr double bottom = 36; // room for the labels
    constexpr double left = 40;   // room for the scale
    const double plot_h = height - top - bottom;
    double max = 0;
    for (const auto& b : bars) {
        max = std::max(max, std::isfinite(b.value) ? b.value : 0.0);
    }
    std::string out = open_svg(height, caption);
    // The scale: 0 and the largest value, with a baseline.
    out += fmt::format(R"(<line class="axis" x1="{0}" y1="{1}" x2="{2}" y2="{1}"/>)", number(left),
                       number(top + plot_h), number(width));
    out += fmt::format(R"(<text class="scale" x="{}" y="{}" text-anchor="end">0</text>)", number(left - 4),
                       number(top + plot_h));
    out += fmt::format(R"(<text class="scale" x="{}" y="{}" text-anchor="end">{}</text>)", number(left - 4),
                       number(top + 8), html_escape(fmt::format("{:g}", max)));
    if (bars.empty()) {
        return out + "</svg>";
    }
    const double slot = (width - left) / static_cast<double>(bars.size());
    const double bar_w = std::max(1.0, slot * 0.8);
    const auto every = std::max<std::size_t>(1, label_every);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const auto& b = bars[i];
        const double share = max > 0 ? clamp01(b.value / max) : 0.0;
        const double h = share * plot_h;
        const double x = left + slot * static_cast<double>(i) + (slot - bar_w) / 2;
        out += fmt::format(R"(<rect class="bar" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>)",
                           number(x), number(top + plot_h - h), number(bar_w), number(h), html_escape(b.title));
        if (i % every == 0) {
            out += fmt::format(R"(<text class="label" x="{}" y="{}" text-anchor="middle">{}</text>)",
                               number(x + bar_w / 2), number(height - bottom + 16), html_escape(b.label));
        }
    }
    return out + "</svg>";
}

std::string bar_rows(const std::string& caption, const std::vector<row_bar>& rows, double max)
{
    constexpr double row_h = 26;
    constexpr double label_w = 240;
    constexpr double value_w = 70;
    const double height = std::max(row_h, row_h * static_cast<double>(rows.size())) + 8;
    const double plot_w = width - label_w - value_w;
    std::string out = open_svg(height, caption);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        const double y = 4 + row_h * static_cast<double>(i);
        const double share = max > 0 ? clamp01(r.value / max) : 0.0;
        out += fmt::format(R"(<text class="label" x="{}" y="{}" text-anchor="end">{}</text>)", number(label_w - 8),
                           number(y + row_h * 0.65), html_escape(r.label));
        out += fmt::format(R"(<rect class="track" x="{}" y="{}" width="{}" height="{}"/>)", number(label_w),
                           number(y + 4), number(plot_w), number(row_h - 8));
        out += fmt::format(R"(<rect class="{}" x="{}" y="{}" width="{}" height="{}"><title>{}: {}</title></rect>)",
                           r.highlight ? "bar accent" : "bar", number(label_w), number(y + 4), number(share * plot_w),
                           number(row_h - 8), html_escape(r.label), html_escape(r.value_text));
        out += fmt::format(R"(<text class="value" x="{}" y="{}">{}</text>)", number(label_w + plot_w + 6),
                           number(y + row_h * 0.65), html_escape(r.value_text));
    }
    return out + "</svg>";
}

std::string scatter_chart(const std::string& caption, const axis& x, const axis& y, const std::vector<point>& points)
{
    constexpr double height = 420;
    constexpr double left = 56;
    constexpr double right = 16;
    constexpr double top = 16;
    constexpr double bottom = 48;
    const double plot_w = width - left - right;
    const double plot_h = height - top - bottom;
    const auto px = [&](double v) {
        return left + plot_w * clamp01(x.max > x.min ? (v - x.min) / (x.max - x.min) : 0.0);
    };
    const auto py = [&](double v) {
        return top + plot_h * (1 - clamp01(y.max > y.min ? (v - y.min) / (y.max - y.min) : 0.0));
    };
    std::string out = open_svg(height, caption);
    out += fmt::format(R"(<rect class="frame" x="{}" y="{}" width="{}" height="{}"/>)", number(left), number(top),
                       number(plot_w), number(plot_h));
    for (const double g : x.guides) {
        out += fmt::format(R"(<line class="guide" x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>)", number(px(g)), number(top),
                           number(top + plot_h));
        out += fmt::format(R"(<text class="scale" x="{}" y="{}" text-anchor="middle">{:g}</text>)", number(px(g)),
                           number(top + plot_h + 14), g);
    }
    for (const double g : y.guides) {
        out += fmt::format(R"(<line class="guide" x1="{0}" y1="{1}" x2="{2}" y2="{1}"/>)", number(left), number(py(g)),
                           number(left + plot_w));
        out += fmt::format(R"(<text class="scale" x="{}" y="{}" text-anchor="end">{:g}</text>)", number(left - 4),
                           number(py(g) + 4), g);
    }
    out += fmt::format(R"(<text class="axis-name" x="{}" y="{}" text-anchor="middle">{}</text>)",
                       number(left + plot_w / 2), number(height - 8), html_escape(x.name));
    out += fmt::format(R"svg(<text class="axis-name" transform="translate(14 {}) rotate(-90)" text-anchor="middle">)svg"
                       "{}</text>",
                       number(top + plot_h / 2), html_escape(y.name));
    for (const auto& p : points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
            continue; // a question without the figure is listed in the table, not drawn
        }
        out += fmt::format(R"(<g class="{}"><circle cx="{}" cy="{}" r="5"/><text x="{}" y="{}">{}</text>)"
                           "<title>{}</title></g>",
                           p.flagged ? "point flagged" : "point", number(px(p.x)), number(py(p.y)), number(px(p.x) + 7),
                           number(py(p.y) + 4), html_escape(p.label), html_escape(p.title));
    }
    return out + "</svg>";
}

} // namespace quiz::bot::dashboard
