# shellcheck shell=bash
# Sourced by scripts/bench-scale: grows a database made by the real tutor (`quizbot report demo-class`) by copying
# its class: every workspace, learner, membership, session, memory, concept mastery and attempt, with new ids and
# external ids, so the copies are what more classes of the same kind would have left. The triggers run as on any
# insert: the per-question and per-concept totals cover every copy.
clone_class_sql() { # first last -> SQL adding copies first..last of every workspace and learner, and what they did
    local k
    echo "PRAGMA foreign_keys = ON; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -1000000;"
    # The original class only: copies have ids from 1,000,000 (workspaces), 10,000,000 (learners) and up.
    echo "CREATE TEMP TABLE base_workspace AS SELECT * FROM workspace WHERE id < 1000000;"
    echo "CREATE TEMP TABLE base_learner AS SELECT * FROM learner WHERE id < 10000000;"
    echo "CREATE TEMP TABLE base_membership AS SELECT * FROM membership WHERE learner_id < 10000000;"
    echo "CREATE TEMP TABLE base_session AS SELECT * FROM session WHERE id < 100000000;"
    echo "CREATE TEMP TABLE base_memory AS SELECT * FROM memory WHERE learner_id < 10000000;"
    echo "CREATE TEMP TABLE base_concept AS SELECT * FROM concept_mastery WHERE learner_id < 10000000;"
    echo "CREATE TEMP TABLE base_attempt AS SELECT * FROM attempt WHERE id < 1000000000;"
    for ((k = $1; k <= $2; k++)); do
        cat <<SQL
BEGIN;
INSERT INTO workspace SELECT id + $k * 1000000, platform, external_id || '~$k', name FROM base_workspace;
INSERT INTO learner SELECT id + $k * 10000000, platform, external_id || '~$k', display_name, locale, time_zone,
    reminders_enabled, reminder_minute, reminder_min_due, last_study_day, streak_days, best_streak_days, locale_chosen
    FROM base_learner;
INSERT INTO membership SELECT workspace_id + $k * 1000000, learner_id + $k * 10000000, role FROM base_membership;
INSERT INTO session SELECT id + $k * 100000000, learner_id + $k * 10000000, workspace_id + $k * 1000000, pack_id, venue,
    status, started_at_ms, state_format, state FROM base_session;
INSERT INTO memory SELECT learner_id + $k * 10000000, question_id, version_id, phase, stability, difficulty,
    scheduled_days, learning_step, reps, lapses, due_at_ms, last_review_at_ms, attempts, wrong, last_wrong_choice,
    last_misconception, first_attempt_correct, first_answered_at_ms FROM base_memory;
INSERT INTO concept_mastery SELECT learner_id + $k * 10000000, pack_id, concept_key, form, answers, correct FROM base_concept;
INSERT INTO attempt SELECT id + $k * 1000000000, idempotency_key || '~$k', learner_id + $k * 10000000,
    question_version_id, chosen_choice, displayed_as, shown_order, correct, rating, first_attempt, response_ms, venue,
    workspace_id + $k * 1000000, session_id + $k * 100000000, round_id, answered_at_ms, next_due_at_ms,
    retry_in_session, follow_up_key FROM base_attempt ORDER BY id;
COMMIT;
SQL
    done
}
