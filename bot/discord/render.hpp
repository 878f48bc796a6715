// SPDX-License-Identifier: MIT
#pragma once

#include "bot/discord/interaction.hpp"
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

/// Where guide links point: `<public_url>/guide/<pack>/<section>?lang=xx` (tutoring::guide_path).
struct link_base {
    std::string public_url; ///< no trailing '/'
};

/// The interaction response (POST body of the callback, or the HTTP answer to the interaction).
[[nodiscard]] boost::json::object callback_body(const reply& r);
[[nodiscard]] boost::json::object pong_body();
/// "Thinking…" for a command (type 5, ephemeral when the reply will be), a silent acknowledgement for a click (6).
[[nodiscard]] boost::json::object deferred_body(bool for_component, bool ephemeral);

/// A short text, with no mentions allowed.
[[nodiscard]] reply note(std::string_view content, bool ephemeral);

/// The question on screen with one button per choice.
[[nodiscard]] reply card_reply(const tutoring::card_screen& card, const link_base& links);
/// The answered question: the question's message (`shown`, as Discord sent it back with the click), then the feedback
/// with the explanations and the guide link; the choice buttons disabled (the chosen and the right one marked) and a
/// Next button. Always an update of the question's message.
[[nodiscard]] reply feedback_reply(const source_message& shown, const tutoring::feedback_screen& told,
                                   engine::language lang, const link_base& links);
/// The end of a session, with a button to start another one in the same pack.
[[nodiscard]] reply summary_reply(const tutoring::summary_screen& summary, engine::language lang);
/// Erase-or-cancel buttons for /quiz forget-me.
[[nodiscard]] reply forget_question_reply(const tutoring::confirm_screen& question, bool ephemeral);

/// At most `max_chars` Unicode characters of UTF-8 `text`, ending with "…" when cut.
[[nodiscard]] std::string clip(std::string_view text, std::size_t max_chars);

} // namespace quiz::bot::discord
