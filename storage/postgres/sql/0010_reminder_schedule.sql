-- Where each learner's reminders by DM stand (storage/sql/0010_reminder_schedule.sql). Claims take due rows with
-- FOR UPDATE SKIP LOCKED, so two nodes ticking at once claim different learners.
CREATE TABLE reminder_schedule (
    learner_id        bigint  PRIMARY KEY REFERENCES learner (id),
    next_at_ms        bigint,
    last_sent_at_ms   bigint,
    last_sent_day     text,
    ignored_in_a_row  integer NOT NULL DEFAULT 0 CHECK (ignored_in_a_row >= 0),
    refused           integer NOT NULL DEFAULT 0 CHECK (refused IN (0, 1))
);
CREATE INDEX reminder_schedule_due ON reminder_schedule (next_at_ms) WHERE next_at_ms IS NOT NULL;
