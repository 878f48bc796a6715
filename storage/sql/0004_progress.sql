-- What each learner knows: the FSRS memory state per question, their form per concept, every attempt
-- (append-only), the population's first attempts per question and typical form per concept, and FSRS parameters
-- fitted to one learner.

-- Keyed by question, not version: correcting a typo keeps everyone's memory of the question.
CREATE TABLE memory (
    learner_id            INTEGER NOT NULL REFERENCES learner (id),
    question_id           INTEGER NOT NULL REFERENCES question (id),
    version_id            INTEGER REFERENCES question_version (id), -- the text last answered; NULL if unknown
    phase                 TEXT    NOT NULL CHECK (phase IN ('new', 'learning', 'review', 'relearning')),
    stability             REAL    NOT NULL,      -- days until recall probability falls to 90%; 0 while new
    difficulty            REAL    NOT NULL,      -- 1 (easiest) to 10; 0 while new
    scheduled_days        INTEGER NOT NULL DEFAULT 0,
    learning_step         INTEGER NOT NULL DEFAULT 0, -- index of the current (re)learning step
    reps                  INTEGER NOT NULL DEFAULT 0,
    lapses                INTEGER NOT NULL DEFAULT 0,
    due_at_ms             INTEGER NOT NULL,
    last_review_at_ms     INTEGER,               -- NULL while new
    attempts              INTEGER NOT NULL DEFAULT 0,
    wrong                 INTEGER NOT NULL DEFAULT 0,
    last_wrong_choice     INTEGER,               -- pack order
    last_misconception    TEXT,                  -- of the last wrong choice; cleared by a right answer
    first_attempt_correct INTEGER CHECK (first_attempt_correct IN (0, 1)),
    first_answered_at_ms  INTEGER,
    PRIMARY KEY (learner_id, question_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX memory_due ON memory (learner_id, due_at_ms);

-- The learner's form on a concept: a logit offset on the memory model's prediction, learnt Elo-style.
CREATE TABLE concept_mastery (
    learner_id     INTEGER NOT NULL REFERENCES learner (id),
    pack_id        INTEGER NOT NULL REFERENCES pack (id),
    concept_key    TEXT    NOT NULL,
    form           REAL    NOT NULL,
    answers        INTEGER NOT NULL DEFAULT 0,
    correct        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner_id, pack_id, concept_key)
) STRICT, WITHOUT ROWID;

-- Per concept, over the learners who answered it: how many and the sum of their forms (the typical learner's form
-- is the mean). Kept by triggers so that reading it costs one row per concept instead of a scan of every learner,
-- and so that it always matches concept_mastery, rollbacks and forget included.
CREATE TABLE concept_form_total (
    pack_id      INTEGER NOT NULL REFERENCES pack (id),
    concept_key  TEXT    NOT NULL,
    learners     INTEGER NOT NULL,
    form_sum     REAL    NOT NULL,
    PRIMARY KEY (pack_id, concept_key)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER concept_form_total_on_insert AFTER INSERT ON concept_mastery WHEN NEW.answers > 0
BEGIN
    INSERT INTO concept_form_total (pack_id, concept_key, learners, form_sum)
    VALUES (NEW.pack_id, NEW.concept_key, 1, NEW.form)
    ON CONFLICT (pack_id, concept_key) DO UPDATE SET learners = learners + 1, form_sum = form_sum + excluded.form_sum;
END;

CREATE TRIGGER concept_form_total_on_update AFTER UPDATE ON concept_mastery
BEGIN
    UPDATE concept_form_total SET learners = learners - 1, form_sum = form_sum - OLD.form
    WHERE OLD.answers > 0 AND pack_id = OLD.pack_id AND concept_key = OLD.concept_key;
    INSERT INTO concept_form_total (pack_id, concept_key, learners, form_sum)
    SELECT NEW.pack_id, NEW.concept_key, 1, NEW.form WHERE NEW.answers > 0
    ON CONFLICT (pack_id, concept_key) DO UPDATE SET learners = learners + 1, form_sum = form_sum + excluded.form_sum;
END;

CREATE TRIGGER concept_form_total_on_delete AFTER DELETE ON concept_mastery WHEN OLD.answers > 0
BEGIN
    UPDATE concept_form_total SET learners = learners - 1, form_sum = form_sum - OLD.form
    WHERE pack_id = OLD.pack_id AND concept_key = OLD.concept_key;
END;

-- Append-only (a trigger refuses updates; only forget deletes). The idempotency key makes a redelivered answer a
-- no-op, and the row keeps what the learner was told so that the same feedback can be given again.
CREATE TABLE attempt (
    id                   INTEGER PRIMARY KEY,
    idempotency_key      TEXT    NOT NULL UNIQUE,
    learner_id           INTEGER NOT NULL REFERENCES learner (id),
    question_version_id  INTEGER NOT NULL REFERENCES question_version (id),
    chosen_choice        INTEGER NOT NULL CHECK (chosen_choice >= 0), -- pack order, not display order
    displayed_as         INTEGER NOT NULL CHECK (displayed_as >= 0),  -- display position (0 = A)
    shown_order          TEXT    NOT NULL,       -- pack-order choice at each display position: '2,0,3,1'
    correct              INTEGER NOT NULL CHECK (correct IN (0, 1)),
    rating               INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4), -- the FSRS grade it counted as
    first_attempt        INTEGER NOT NULL CHECK (first_attempt IN (0, 1)), -- the learner's first answer to it
    response_ms          INTEGER NOT NULL CHECK (response_ms >= 0),
    venue                TEXT    NOT NULL,       -- 'dm', 'channel', 'group_round', 'terminal', 'web'
    workspace_id         INTEGER REFERENCES workspace (id),
    session_id           INTEGER REFERENCES session (id),
    round_id             INTEGER REFERENCES group_round (id),
    answered_at_ms       INTEGER NOT NULL,
    next_due_at_ms       INTEGER NOT NULL,       -- what the learner was told: when it comes back
    retry_in_session     INTEGER NOT NULL CHECK (retry_in_session IN (0, 1)),
    follow_up_key        TEXT                    -- the question probing the same misconception, asked next
) STRICT;
CREATE INDEX attempt_by_learner ON attempt (learner_id, answered_at_ms);
CREATE INDEX attempt_by_question_version ON attempt (question_version_id);
CREATE INDEX attempt_by_round ON attempt (round_id) WHERE round_id IS NOT NULL;
CREATE INDEX attempt_by_session ON attempt (session_id) WHERE session_id IS NOT NULL;

CREATE TRIGGER attempt_is_append_only BEFORE UPDATE ON attempt
BEGIN
    SELECT RAISE(ABORT, 'attempts are append-only');
END;

-- Every learner's first attempts per question (cold start for the next learner), kept by triggers so that it
-- always equals what the attempt table says, also after forget.
CREATE TABLE question_stats (
    question_id     INTEGER PRIMARY KEY REFERENCES question (id),
    first_attempts  INTEGER NOT NULL,
    first_correct   INTEGER NOT NULL
) STRICT;

CREATE TRIGGER question_stats_on_attempt AFTER INSERT ON attempt WHEN NEW.first_attempt = 1
BEGIN
    INSERT INTO question_stats (question_id, first_attempts, first_correct)
    SELECT question_id, 1, NEW.correct FROM question_version WHERE id = NEW.question_version_id
    ON CONFLICT (question_id) DO UPDATE SET first_attempts = first_attempts + 1,
                                            first_correct = first_correct + excluded.first_correct;
END;

CREATE TRIGGER question_stats_on_forget AFTER DELETE ON attempt WHEN OLD.first_attempt = 1
BEGIN
    UPDATE question_stats SET first_attempts = first_attempts - 1, first_correct = first_correct - OLD.correct
    WHERE question_id = (SELECT question_id FROM question_version WHERE id = OLD.question_version_id);
END;

CREATE TABLE fsrs_parameters (
    learner_id      INTEGER PRIMARY KEY REFERENCES learner (id),
    weights         TEXT    NOT NULL,            -- 21 numbers separated by spaces, w0 first
    review_count    INTEGER NOT NULL,            -- reviews the fit used
    log_loss        REAL,                        -- on those reviews; NULL if not measured
    fitted_at_ms    INTEGER NOT NULL
) STRICT;
