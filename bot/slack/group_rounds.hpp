// SPDX-License-Identifier: MIT
#pragma once

#include "bot/slack/action_ids.hpp"
#include "bot/slack/command_line.hpp"
#include "bot/slack/payload.hpp"
#include "bot/tutoring/guide_link.hpp"
#include "bot/tutoring/round_screens.hpp"

#include <boost/json/object.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace spdlog {
class logger;
}

namespace quiz::bot::tutoring {
class rounds;
}

namespace quiz::bot::slack {

class round_board;
class round_letters;
class round_notes;
class user_locales;
class web_api;

/// What a member sees privately after a click (`looking`: they asked for their judgment); nullopt: nothing (a host's
/// action shows on the round's message).
[[nodiscard]] std::optional<boost::json::object> private_reply(const tutoring::round_reply& reply, bool looking,
                                                               const tutoring::link_base& links);

/// Study groups' rounds on Slack (docs/groups.md, "Slack"): `/quiz group` and the round message's buttons in, the
/// tutoring layer's round actions out; the round's message kept up to date through the outbox (round_letters) when
/// the bot can edit it itself, else through a round_board, and what each member sees privately sent to them alone
/// (chat.postEphemeral with the bot token, else the click's response_url).
class group_rounds : public std::enable_shared_from_this<group_rounds> {
public:
    /// Everything given must outlive the last action's reply; `public_url` is read at each use.
    group_rounds(tutoring::rounds& rounds, web_api& api, std::shared_ptr<user_locales> locales, spdlog::logger& log,
                 std::function<engine::instant()> clock, const std::string& public_url);

    /// Edits of round messages the bot can edit itself go through the outbox from now on (the server has one):
    /// `letters` writes them in the rounds' units, and the board leaves those rounds alone. Before the server runs.
    void edit_by_letters(std::shared_ptr<const round_letters> letters);
    /// The members' private notes after a click on the round's message go through the outbox from now on: the
    /// returned notes are the rounds' note writer and the outbox's sender. Before the server runs.
    [[nodiscard]] std::shared_ptr<const round_notes> note_by_letters();

    /// `/quiz group [pack] [questions] [seconds]` (`options` nullopt: the words did not fit); `response_url` ""
    /// when it may not be called.
    void command(const slash_command& c, const std::optional<group_options>& options, const std::string& response_url);
    /// A button of a round's message.
    void click(const interaction& i, const round_click& c, const std::string& response_url);
    /// Every change of a Slack round (the rounds' publish hook).
    void publish(const tutoring::round_screen& shown);

private:
    /// `message` to the user alone, in `channel`.
    void tell(const std::string& channel, const std::string& user, const std::string& response_url,
              boost::json::object message) const;
    /// Through a response_url, as an ephemeral message apart from the clicked one.
    void tell_through(const std::string& response_url, boost::json::object message) const;
    /// A change of a round the outbox does not take, to the board.
    void show(const tutoring::round_screen& shown) const;

    tutoring::rounds& rounds_;
    web_api& api_;
    std::shared_ptr<user_locales> locales_;
    spdlog::logger& log_;
    const std::string& public_url_;
    std::shared_ptr<round_board> board_;
    std::shared_ptr<const round_letters> letters_;
    std::shared_ptr<const round_notes> notes_;
};

} // namespace quiz::bot::slack
