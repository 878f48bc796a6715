-- Keys the server makes for itself on its first start (storage/sql/0009_server_secrets.sql).
CREATE TABLE server_secret (
    name          text    PRIMARY KEY,
    value         bytea   NOT NULL,
    created_at_ms bigint  NOT NULL
);
