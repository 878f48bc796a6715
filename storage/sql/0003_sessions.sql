-- Conversations in progress: a learner's own quiz session and the group rounds played in a channel, each stored as
-- the engine's state serialized as JSON (state_format says which layout, so old rows stay readable after the
-- layout changes); plus the platform event ids already handled, since platforms redeliver events.

CREATE TABLE session (
    id             INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: old buttons carry session ids
    learner_id     INTEGER NOT NULL REFERENCES learner (id),
    workspace_id   INTEGER REFERENCES workspace (id), -- NULL in the terminal
    pack_id        INTEGER NOT NULL REFERENCES pack (id),
    venue          TEXT    NOT NULL,                   -- 'dm', 'channel', 'terminal', 'web'
    status         TEXT    NOT NULL CHECK (status IN ('active', 'ended')),
    started_at_ms  INTEGER NOT NULL,
    state_format   INTEGER NOT NULL,
    state          TEXT    NOT NULL
) STRICT;
CREATE INDEX session_active ON session (learner_id) WHERE status = 'active';

CREATE TABLE group_round (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id   INTEGER NOT NULL REFERENCES workspace (id),
    channel_id     TEXT    NOT NULL,                   -- the platform's channel id
    host_id        INTEGER REFERENCES learner (id),    -- NULL once the host has been forgotten
    pack_id        INTEGER NOT NULL REFERENCES pack (id),
    status         TEXT    NOT NULL CHECK (status IN ('active', 'ended')),
    state_format   INTEGER NOT NULL,
    state          TEXT    NOT NULL
) STRICT;
CREATE INDEX group_round_active ON group_round (workspace_id, channel_id) WHERE status = 'active';

-- The players of each round, kept in step with its state: lets reports list rounds per learner and lets forget
-- find the rounds whose state names a learner.
CREATE TABLE round_participant (
    round_id       INTEGER NOT NULL REFERENCES group_round (id),
    learner_id     INTEGER NOT NULL REFERENCES learner (id),
    PRIMARY KEY (round_id, learner_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX round_participant_by_learner ON round_participant (learner_id);

-- Interaction and event ids already handled: a redelivered event is acknowledged without acting twice.
CREATE TABLE processed_event (
    platform        TEXT    NOT NULL,
    event_id        TEXT    NOT NULL,
    received_at_ms  INTEGER NOT NULL,
    PRIMARY KEY (platform, event_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX processed_event_by_age ON processed_event (received_at_ms);
