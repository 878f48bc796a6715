-- A learner's sessions by start time (storage/sql/0011_session_by_learner.sql).
CREATE INDEX session_by_learner ON session (learner_id, started_at_ms);
