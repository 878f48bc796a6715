-- Where each round's shared message lives on its platform, and the freshest credential to edit it: a Discord
-- interaction token (valid 15 minutes; every click on the message brings a new one) or a Slack response_url (5 uses
-- within 30 minutes; every click brings a new one). Kept with the round so that a deadline that fires after a
-- restart can still edit the message. Credentials expire within the hour and name no person.
CREATE TABLE round_message (
    round_id          INTEGER PRIMARY KEY REFERENCES group_round (id),
    reference         TEXT    NOT NULL DEFAULT '', -- Slack: 'channel:ts' once known; Discord: ''
    edit_token        TEXT    NOT NULL DEFAULT '',
    token_at_ms       INTEGER NOT NULL DEFAULT 0,  -- when edit_token was received
    token_uses        INTEGER NOT NULL DEFAULT 0   -- edits made with it (Slack allows 5 per response_url)
) STRICT;
