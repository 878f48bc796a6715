-- A learner's whole memory model (storage/sql/0006_memory_model.sql).
DROP TABLE fsrs_parameters;
CREATE TABLE memory_model (
    learner_id    bigint  PRIMARY KEY REFERENCES learner (id),
    model         text    NOT NULL,
    weights       text    NOT NULL,
    answer_count  bigint  NOT NULL,
    fitted_at_ms  bigint  NOT NULL
);
