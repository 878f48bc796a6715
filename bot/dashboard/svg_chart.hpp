// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace quiz::bot::dashboard {

// Charts drawn by the server as inline SVG: they need no script, scale with the page (a viewBox and width 100 %),
// and carry their figures as text (each mark's <title>, the chart's aria-label) for screen readers and for anyone
// who wants the exact number. Every text is escaped.

/// One bar: its label and value, and the text shown when hovering it (e.g. "12 answers on 2026-03-02").
struct bar {
    std::string label;
    double value = 0;
    std::string title;
};

/// Vertical bars over time (answers per day): labels under every `label_every`-th bar.
[[nodiscard]] std::string column_chart(const std::string& caption, const std::vector<bar>& bars,
                                       std::size_t label_every = 1);

/// Horizontal bars with their labels on the left, values from 0 to `max` (1 for shares), the value written at
/// the bar's end as `value_text`.
struct row_bar {
    std::string label;
    double value = 0;
    std::string value_text;
    bool highlight = false; ///< drawn in the accent colour (the right answer, a flagged row)
};
[[nodiscard]] std::string bar_rows(const std::string& caption, const std::vector<row_bar>& rows, double max = 1.0);

/// A scatter plot of points in [x_min, x_max] × [y_min, y_max], with dashed guide lines (thresholds) and axis
/// names; a point's label is shown beside it and its title on hover.
struct point {
    double x = 0;
    double y = 0;
    std::string label;
    std::string title;
    bool flagged = false;
};
struct axis {
    std::string name;
    double min = 0;
    double max = 1;
    std::vector<double> guides; ///< values at which a dashed line is drawn
};
[[nodiscard]] std::string scatter_chart(const std::string& caption, const axis& x, const axis& y,
                                        const std::vector<point>& points);

} // namespace quiz::bot::dashboard
