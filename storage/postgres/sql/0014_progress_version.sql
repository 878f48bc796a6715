-- Raised by every change the tutor makes to a learner's progress (storage/sql/0014_progress_version.sql).
ALTER TABLE learner ADD COLUMN progress_version bigint NOT NULL DEFAULT 0;
