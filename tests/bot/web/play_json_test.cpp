// SPDX-License-Identifier: MIT
// The playground's JSON carries the pack's Markdown both as written and rendered to HTML (escaped) for the page.
#include "bot/tutoring/screen_parts.hpp"
#include "bot/web/play_json.hpp"

#include <catch2/catch.hpp>

namespace web_play_json_test {

using namespace quiz;

TEST_CASE("play json: a card's stem and choices come rendered, every source character escaped", "[web]")
{
    engine::question_card card;
    card.sequence = 3;
    card.question = engine::question_key{"fsdp2-wrap"};
    card.stem = "Which call shards a module with `fully_shard`, **per parameter**?\n\n```\nfully_shard(m)\n```";
    card.choices = {"`fully_shard(model)` on the root only", "<script>alert(1)</script>"};
    card.section = engine::section_key{"fsdp2"};
    card.section_title = "FSDP2";

    const auto json =
        bot::web::card_json(bot::tutoring::card_of(engine::session_id{1}, card, engine::pack_key{"zero-sharded"}, {}));
    CHECK(json.at("stem").as_string() == card.stem); // the source stays available as written
    CHECK(json.at("stem_html").as_string() ==
          "<p>Which call shards a module with <code>fully_shard</code>, <strong>per parameter</strong>?</p>\n"
          "<pre><code>fully_shard(m)\n</code></pre>\n");
    const auto& choices = json.at("choices").as_array();
    REQUIRE(choices.size() == 2);
    CHECK(choices[0].at("text_html").as_string() == "<code>fully_shard(model)</code> on the root only");
    CHECK(choices[1].at("text_html").as_string() == "&lt;script&gt;alert(1)&lt;/script&gt;");
}

} // namespace web_play_json_test
