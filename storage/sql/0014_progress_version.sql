-- Raised by every change the tutor makes to a learner's progress (each saved profile: every answer saves it; each
-- fitted memory model), so that a node may keep a learner's model between their actions and tell, from the read of
-- their row that the action does anyway, whether it is still current (docs/storage.md, "Models kept between
-- actions").
ALTER TABLE learner ADD COLUMN progress_version INTEGER NOT NULL DEFAULT 0;
