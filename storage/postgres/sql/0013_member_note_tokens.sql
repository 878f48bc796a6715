-- Each round member's freshest credential to tell them something privately (storage/sql/0013_member_note_tokens.sql).
ALTER TABLE round_participant ADD COLUMN note_token TEXT NOT NULL DEFAULT '';
ALTER TABLE round_participant ADD COLUMN note_token_at_ms BIGINT NOT NULL DEFAULT 0;
