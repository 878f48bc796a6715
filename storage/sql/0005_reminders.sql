-- Reminders sent, one row per nudge: the unique day key stops a restart or a second server from nudging twice.

CREATE TABLE reminder_log (
    id           INTEGER PRIMARY KEY,
    learner_id   INTEGER NOT NULL REFERENCES learner (id),
    kind         TEXT    NOT NULL,                  -- 'due_reviews', later others
    local_date   TEXT    NOT NULL,                  -- 'YYYY-MM-DD' in the learner's time zone
    due_count    INTEGER NOT NULL,
    sent_at_ms   INTEGER NOT NULL,
    UNIQUE (learner_id, kind, local_date)
) STRICT;
