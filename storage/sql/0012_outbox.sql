-- Messages to the platforms that must survive a restart (engine/core/outbox.hpp, docs/reliability.md): written in
-- the transaction that decided them, claimed by a sender for a lease (next_at_ms moves to the lease's end, so an
-- entry whose sender died falls due again), removed once settled. One entry per coalesce_key: a newer state of the
-- same message replaces the payload and bumps version, so only the newest is sent.
CREATE TABLE outbox (
    id             INTEGER PRIMARY KEY,
    kind           TEXT    NOT NULL,                       -- who sends it: 'reminder', ...
    coalesce_key   TEXT    NOT NULL UNIQUE,
    learner_id     INTEGER REFERENCES learner (id),        -- whose message it is, if a learner's (forget erases it)
    payload        TEXT    NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1,
    created_at_ms  INTEGER NOT NULL,
    expires_at_ms  INTEGER NOT NULL,
    next_at_ms     INTEGER NOT NULL,                       -- due then: at once, after a retry's wait, a lease's end
    attempts       INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0)
) STRICT;
CREATE INDEX outbox_due ON outbox (kind, next_at_ms);
CREATE INDEX outbox_by_learner ON outbox (learner_id) WHERE learner_id IS NOT NULL;
