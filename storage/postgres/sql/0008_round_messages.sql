-- Where each round's shared message lives and the freshest credential to edit it (storage/sql/0008_round_messages.sql).
CREATE TABLE round_message (
    round_id          bigint  PRIMARY KEY REFERENCES group_round (id),
    reference         text    NOT NULL DEFAULT '',
    edit_token        text    NOT NULL DEFAULT '',
    token_at_ms       bigint  NOT NULL DEFAULT 0,
    token_uses        integer NOT NULL DEFAULT 0
);
