-- Whether the learner chose their language (storage/sql/0007_language_choice.sql).
ALTER TABLE learner ADD COLUMN locale_chosen integer NOT NULL DEFAULT 0 CHECK (locale_chosen IN (0, 1));
