-- A learner's whole memory model (engine/recall_fitting.hpp): parameters, calibration layer, same-day counts and the
-- counts its next refit is scheduled from. It replaces fsrs_parameters, which had room for the 21 parameters alone
-- and was never written.
DROP TABLE fsrs_parameters;
CREATE TABLE memory_model (
    learner_id    INTEGER PRIMARY KEY REFERENCES learner (id),
    model         TEXT    NOT NULL,              -- JSON (storage/recall_model_codec.hpp)
    weights       TEXT    NOT NULL,              -- the 21 parameters separated by spaces, w0 first, for people
    answer_count  INTEGER NOT NULL,              -- answers in the history it was fitted on
    fitted_at_ms  INTEGER NOT NULL
) STRICT;
