-- Where each learner's reminders by DM stand. Their choice stays on the learner row (reminders_enabled,
-- reminder_minute: NULL = the default hour, not chosen; time_zone); this is the scheduler's state. The server's one
-- timer waits for the earliest next_at_ms; a claim reads the due rows, moves next_at_ms on and records the reminder
-- in reminder_log in one transaction, so a restart or a second server never sends one twice.
CREATE TABLE reminder_schedule (
    learner_id        INTEGER PRIMARY KEY REFERENCES learner (id),
    next_at_ms        INTEGER,                  -- NULL while reminders are off
    last_sent_at_ms   INTEGER,
    last_sent_day     TEXT,                     -- 'YYYY-MM-DD' in the learner's time zone
    ignored_in_a_row  INTEGER NOT NULL DEFAULT 0 CHECK (ignored_in_a_row >= 0),
    refused           INTEGER NOT NULL DEFAULT 0 CHECK (refused IN (0, 1)) -- turned off because the platform refused
) STRICT;
CREATE INDEX reminder_schedule_due ON reminder_schedule (next_at_ms) WHERE next_at_ms IS NOT NULL;
