-- Keys the server makes for itself on its first start (the one that signs dashboard links), so that the default
-- setup needs no configuration and every server sharing this database signs and checks alike. A key set in the
-- environment takes precedence and is never written here.
CREATE TABLE server_secret (
    name          TEXT    PRIMARY KEY,
    value         BLOB    NOT NULL,
    created_at_ms INTEGER NOT NULL
) STRICT;
