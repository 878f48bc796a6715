-- scripts/bench-engines' "pg-floor" (pgbench -f): the rows an answer writes (its attempt, the learner's memory of
-- the question, the session's state at its usual size, the learner's row) and nothing else: no read, no check, no
-- trigger, no foreign key, one statement each in one transaction. What PostgreSQL alone costs for an answer at the
-- least, on tables from pg_answer_floor_setup.sql.
\set l random(1, 50)
\set q random(1, 51)
BEGIN;
INSERT INTO floor_attempt (idempotency_key, learner_id, question_version_id, chosen_choice, displayed_as, shown_order,
    correct, rating, first_attempt, response_ms, venue, workspace_id, session_id, round_id, answered_at_ms,
    next_due_at_ms, retry_in_session, follow_up_key)
    VALUES (gen_random_uuid()::text, :l, :q, 1, 2, '2,0,3,1', 1, 3, 1, 4200, 'web', NULL, :l, NULL, 1700000000000,
            1700086400000, 0, NULL);
INSERT INTO floor_memory (learner_id, question_id, version_id, phase, stability, difficulty, scheduled_days,
    learning_step, reps, lapses, due_at_ms, last_review_at_ms, attempts, wrong, last_wrong_choice,
    last_misconception, first_attempt_correct, first_answered_at_ms)
    VALUES (:l, :q, :q, 'review', 3.2, 5.1, 3, 0, 2, 0, 1700086400000, 1700000000000, 2, 0, NULL, NULL, 1,
            1700000000000)
    ON CONFLICT (learner_id, question_id) DO UPDATE SET version_id = excluded.version_id, phase = excluded.phase,
    stability = excluded.stability, difficulty = excluded.difficulty, scheduled_days = excluded.scheduled_days,
    learning_step = excluded.learning_step, reps = excluded.reps, lapses = excluded.lapses,
    due_at_ms = excluded.due_at_ms, last_review_at_ms = excluded.last_review_at_ms, attempts = excluded.attempts,
    wrong = excluded.wrong, last_wrong_choice = excluded.last_wrong_choice,
    last_misconception = excluded.last_misconception, first_attempt_correct = excluded.first_attempt_correct,
    first_answered_at_ms = excluded.first_answered_at_ms;
UPDATE floor_session SET status = 'active', state_format = 1, state = repeat('x', 1250) WHERE id = :l;
UPDATE floor_learner SET last_study_day = 19000, streak_days = 1, progress_version = progress_version + 1
    WHERE id = :l;
COMMIT;
