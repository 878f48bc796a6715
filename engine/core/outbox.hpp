// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/strong_id.hpp"
#include "engine/core/tutor_ids.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiz::engine {

using outbox_id = strong_id<struct outbox_tag, std::int64_t>;

/// A message to a platform, written by the unit that decided it and waiting for a sender.
struct outbox_entry {
    outbox_id id;
    std::string payload;  ///< what to send, in the kind's own encoding
    std::int64_t version; ///< a put() under the same key since the claim makes this one stale
    instant created;
    instant expires;  ///< not worth sending after this
    int attempts = 0; ///< claims before this one
};

/// An entry its writer holds (leased) to send itself once its transaction has committed.
struct outbox_ticket {
    outbox_id id;
    std::int64_t version;
};

/// Messages to the platforms that must survive a restart (docs/reliability.md), inside the caller's transaction like
/// the other ports: a unit writes what it decided to send in the transaction that decided it, and a sender claims
/// entries for a while (a lease), sends, and settles them. An entry a sender never settled (it died) is claimed
/// again once its lease ends: at least once. Storage implements it.
class outbox {
public:
    virtual ~outbox() = default;
    /// Writes `payload` under `key`, due at once. An entry still waiting under that key takes the new payload and
    /// expiry instead (only the newest state is sent); if a sender holds it, it goes out again once that one settles.
    /// `about`: the learner it concerns, if one (forgetting them erases it).
    virtual void put(std::string_view kind, std::string_view key, std::optional<learner_id> about,
                     std::string_view payload, instant now, instant expires) = 0;
    /// put(), and the entry leased to the caller until `lease_until` when no sender holds it and no retry waits
    /// (so the caller sends it right after its transaction commits, and settles it). nullopt: the entry goes out
    /// when its holder settles or its retry falls due.
    [[nodiscard]] virtual std::optional<outbox_ticket> put_held(std::string_view kind, std::string_view key,
                                                                std::optional<learner_id> about,
                                                                std::string_view payload, instant now, instant expires,
                                                                instant lease_until) = 0;
    /// At most `limit` entries of `kind` due at `now`, earliest first, each leased until `lease_until`: no other
    /// claim returns it before then.
    [[nodiscard]] virtual std::vector<outbox_entry> claim(std::string_view kind, instant now, instant lease_until,
                                                          std::size_t limit) = 0;
    /// Done with (delivered, refused or expired): removed, unless a put() since gave it a newer version, which is
    /// then due at `now`.
    virtual void settle(outbox_id id, std::int64_t version, instant now) = 0;
    /// Not delivered this time: due again at `at`.
    virtual void retry_at(outbox_id id, instant at) = 0;
    /// When the earliest entry of `kind` falls due (a lease's end included).
    [[nodiscard]] virtual std::optional<instant> next_due(std::string_view kind) = 0;
    /// Entries of `kind` not yet settled.
    [[nodiscard]] virtual std::int64_t pending(std::string_view kind) = 0;
};

} // namespace quiz::engine
