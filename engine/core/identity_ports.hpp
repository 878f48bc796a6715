// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/core/tutor_ids.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace quiz::engine {

// The ports the front ends' tutoring layer needs besides the tutor's (ports.hpp): who a platform's user is, which
// language they chose, forgetting them, and the queue that runs each user action as one transaction; and the
// server's sweep of playground learners who never came back. Storage implements them; the tutor itself never sees
// platform identities.

/// A platform identity: ("discord", snowflake), ("slack", "T0001:U0002"), ("local", name), ("web", token).
struct platform_identity {
    std::string platform;
    std::string external_id;
    friend bool operator==(const platform_identity&, const platform_identity&) = default;
};

/// The learner's language as stored: the language itself and whether they chose it (/quiz lang, --lang) rather
/// than it being taken from their platform's locale.
struct stored_language {
    language lang = language::en;
    bool chosen = false;
};

/// A learner as an action finds them: who they are, and whether something waits to be said to them first.
struct learner_entry {
    learner_id id;
    /// Their reminders by DM were turned off because the platform refused one: the next thing they do starts with a
    /// heads-up, said once (clear_reminders_refused).
    bool reminders_refused = false;
    /// Their language as stored when the action found them (nullopt until one is set, and for someone new): read
    /// with the rest, so that an action settles its language without a query of its own.
    std::optional<stored_language> language;
};

/// Platform identities to learners. Runs inside the caller's transaction (the action queue's unit), like the
/// tutor's stores: everything it writes commits or rolls back with the user action.
class identity_directory {
public:
    virtual ~identity_directory() = default;
    [[nodiscard]] virtual std::optional<learner_id> find_learner(const platform_identity& who) = 0;
    /// The learner, adding them the first time. A non-empty `display_name` replaces the stored one.
    virtual learner_entry ensure_learner(const platform_identity& who, const std::string& display_name) = 0;
    /// ensure_learner for an action that must not add anyone (a web page's token that may have been forgotten):
    /// nullopt, and nothing added, when the learner is unknown.
    virtual std::optional<learner_entry> enter_known_learner(const platform_identity& who,
                                                             const std::string& display_name) = 0;
    /// The heads-up of learner_entry::reminders_refused was said: it is not said again.
    virtual void clear_reminders_refused(learner_id learner) = 0;
    /// Adds the learner to the workspace (a Discord server, a Slack team, this machine) as a learner, once; the
    /// workspace's id.
    virtual workspace_id join_workspace(const platform_identity& workspace, const std::string& name,
                                        learner_id learner) = 0;
    /// The name the learner goes by ('' when never given): scoreboards show it.
    [[nodiscard]] virtual std::string display_name(learner_id learner) = 0;
    /// nullopt until a language is set.
    [[nodiscard]] virtual std::optional<stored_language> language_of(learner_id learner) = 0;
    virtual void set_language(learner_id learner, stored_language lang) = 0;
    /// Records that a platform event was handled; false when it had been already (a redelivery: do nothing).
    /// Ids older than the platform's redelivery window may be dropped.
    virtual bool first_delivery(const std::string& platform, const std::string& event_id, instant received_at) = 0;
    /// Erases everything kept about the person (docs/storage.md, "Forgetting a learner"); false when nothing was
    /// kept. Commits with the unit; storage also makes sure the erased bytes leave its files afterwards.
    virtual bool erase(const platform_identity& who) = 0;
};

/// Playground learners who never came back, erased inside the caller's transaction (the action queue's unit), as
/// forget-me erases them.
class idle_learner_expiry {
public:
    virtual ~idle_learner_expiry() = default;
    /// Erases at most `limit` web learners all of whose activity falls within one day of their first, the last of it
    /// before `idle_before`; how many were erased.
    virtual std::int64_t expire(instant idle_before, int limit) = 0;
};

/// Where a round's shared message lives on its platform and the freshest credential to edit it (a Discord
/// interaction token, a Slack response_url): front-end state that must outlive a request and a restart.
struct round_message {
    std::string reference;  ///< Slack: "channel:ts"; Discord: empty (the token's @original is the message)
    std::string edit_token; ///< empty: none yet
    instant token_at;       ///< when the token was received
    int token_uses = 0;     ///< edits made with it
    friend bool operator==(const round_message&, const round_message&) = default;
};

/// A round member's freshest credential to tell them something privately (a Discord click's interaction token).
struct member_note_token {
    learner_id learner;
    std::string token;
    instant at; ///< when the token was received
    friend bool operator==(const member_note_token&, const member_note_token&) = default;
};

/// Round messages, inside the caller's transaction like the identity directory.
class round_messages {
public:
    virtual ~round_messages() = default;
    [[nodiscard]] virtual std::optional<round_message> find(round_id round) = 0;
    /// Adds or replaces the round's message.
    virtual void save(round_id round, const round_message& message) = 0;
    /// Replaces a member's note token; nothing when `token.learner` is not among the round's players.
    virtual void save_note_token(round_id round, const member_note_token& token) = 0;
    /// The round's members that have a note token, by learner id.
    [[nodiscard]] virtual std::vector<member_note_token> note_tokens(round_id round) = 0;
};

/// Runs user actions one at a time, each as one transaction (storage: a group commit unit). `done` is called once
/// the unit's fate is final: nullptr after it committed, else the exception that rolled it back. Both run on the
/// queue's own thread: `done` must be short and must not wait.
class action_queue {
public:
    using unit = std::function<void()>;
    using completion = std::function<void(std::exception_ptr)>;
    virtual ~action_queue() = default;
    /// Never waits for IO. Throws std::logic_error once the queue is stopping.
    virtual void submit(unit work, completion done) = 0;
    /// Units submitted and not started yet: what a new one would wait behind (admission control reads it).
    [[nodiscard]] virtual std::size_t waiting() const = 0;
};

} // namespace quiz::engine
