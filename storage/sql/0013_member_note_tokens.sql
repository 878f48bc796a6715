-- Each round member's freshest credential to tell them something privately (a Discord click's interaction token,
-- valid 15 minutes): the unit that reveals a question writes each member's judgment to the outbox with it, so that
-- a reveal survives a restart (docs/reliability.md). Empty until the member clicks; names no person.
ALTER TABLE round_participant ADD COLUMN note_token TEXT NOT NULL DEFAULT '';
ALTER TABLE round_participant ADD COLUMN note_token_at_ms INTEGER NOT NULL DEFAULT 0;
