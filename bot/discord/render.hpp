// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/component_ids.hpp"
#include "bot/discord/interaction.hpp"
#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/screens.hpp"

#include <boost/json/object.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace quiz::bot::discord {

// The tutor's values as Discord messages (content with the question and its choices written out, one button per
// choice) and the interaction responses around them. Limits: content 2000 characters, button labels 80,
// custom_id 100, 5 buttons per row, 5 rows.

/// How a reply is delivered: a new message, or an edit of the message whose button was clicked.
enum class reply_kind : unsigned char { new_message = 4, update_message = 7 };

struct reply {
    reply_kind kind = reply_kind::new_message;
    bool ephemeral = false;   ///< only the learner sees it (new messages only)
    boost::json::object data; ///< the message: content, components, allowed_mentions
};

/// The interaction response (POST body of the callback, or the HTTP answer to the interaction).
[[nodiscard]] boost::json::object callback_body(const reply& r);
[[nodiscard]] boost::json::object pong_body();
/// "Thinking…" for a command (type 5, ephemeral when the reply will be), a silent acknowledgement for a click (6).
[[nodiscard]] boost::json::object deferred_body(bool for_component, bool ephemeral);

// `heads_up`, when not empty, is said first, as the message's first paragraph (tutoring::screen::heads_up).

/// A short text, with no mentions allowed.
[[nodiscard]] reply note(std::string_view content, bool ephemeral, std::string_view heads_up = {});

/// The question on screen with one button per choice.
[[nodiscard]] reply card_reply(const tutoring::card_screen& card, const tutoring::link_base& links,
                               std::string_view heads_up = {});
/// The answered question: the question's message (`shown`, as Discord sent it back with the click on `clicked`), then
/// the feedback with the explanations and the guide link; the choice buttons disabled (the chosen and the right one
/// marked) and a Next button. Always an update of the question's message.
[[nodiscard]] reply feedback_reply(const source_message& shown, const answer_button& clicked,
                                   const tutoring::feedback_screen& told, engine::language lang,
                                   const tutoring::link_base& links, std::string_view heads_up = {});
/// The feedback as a message of its own, for an answer that came with no message to update.
[[nodiscard]] reply feedback_note(const tutoring::feedback_screen& told, const tutoring::link_base& links,
                                  std::string_view heads_up = {});
/// The end of a session, with a button to start another one in the same pack.
[[nodiscard]] reply summary_reply(const tutoring::summary_screen& summary, engine::language lang,
                                  std::string_view heads_up = {});
/// Erase-or-cancel buttons for /quiz forget-me.
[[nodiscard]] reply forget_question_reply(const tutoring::confirm_screen& question, bool ephemeral);

/// The feedback's text: ✅ or ❌, the feedback sentences with the explanations, and the guide line as a link.
[[nodiscard]] std::string feedback_text(const engine::feedback& told, const engine::feedback_sentences& said,
                                        const tutoring::guide_section& guide, const tutoring::link_base& links);

/// At most `max_chars` Unicode characters of UTF-8 `text`, ending with "…" when cut.
[[nodiscard]] std::string clip(std::string_view text, std::size_t max_chars);

} // namespace quiz::bot::discord
