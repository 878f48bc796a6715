-- What was asked: packs, their questions (stable keys) and every version of a question (its content hash).
-- Editing a question adds a version; attempts point at the version the learner saw, so history never changes
-- meaning, while memory is kept per question so that fixing a typo does not reset anyone's progress. The texts
-- themselves live in the pack files. Rows are added the first time an answer or a memory names them.

CREATE TABLE pack (
    id        INTEGER PRIMARY KEY,
    pack_key  TEXT    NOT NULL UNIQUE
) STRICT;

CREATE TABLE question (
    id            INTEGER PRIMARY KEY,
    pack_id       INTEGER NOT NULL REFERENCES pack (id),
    question_key  TEXT    NOT NULL,
    UNIQUE (pack_id, question_key)
) STRICT;

CREATE TABLE question_version (
    id            INTEGER PRIMARY KEY,
    question_id   INTEGER NOT NULL REFERENCES question (id),
    content_hash  TEXT    NOT NULL,
    UNIQUE (question_id, content_hash)
) STRICT;
