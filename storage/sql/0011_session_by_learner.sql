-- A learner's sessions by start time: the expiry of anonymous playground learners (expire_web_learners) reads each
-- one's first and last session through it, as it reads their attempts through attempt_by_learner, instead of
-- grouping every session and attempt of the database (12 s for 100,000 learners and 10 million attempts, during
-- which the writer served nothing).
CREATE INDEX session_by_learner ON session (learner_id, started_at_ms);
