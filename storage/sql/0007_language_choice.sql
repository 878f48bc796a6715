-- Whether the learner chose their language (/quiz lang, --lang) rather than it being their platform's locale: a
-- chosen language stays when the platform's locale changes; a locale-given one follows it.
ALTER TABLE learner ADD COLUMN locale_chosen INTEGER NOT NULL DEFAULT 0 CHECK (locale_chosen IN (0, 1));
