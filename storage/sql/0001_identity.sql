-- Who: workspaces (a Discord server, a Slack workspace, or this machine), learners and their memberships.
-- Conventions for every migration: STRICT tables; instants are INTEGER milliseconds since the Unix epoch (UTC) in
-- columns named *_ms; open sets of names (platforms, venues) are plain TEXT without CHECK, because SQLite cannot
-- change a CHECK without rebuilding the table, and a new platform must only add rows.

CREATE TABLE workspace (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,              -- 'discord', 'slack', 'local', 'web'
    external_id   TEXT    NOT NULL,              -- guild id, team id; '' for this machine
    name          TEXT    NOT NULL DEFAULT '',
    UNIQUE (platform, external_id)
) STRICT;

-- AUTOINCREMENT: a forgotten learner's id is never given to someone else, so anything still naming it (an old
-- button, a round's scoreboard) cannot point at a new person.
CREATE TABLE learner (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    platform           TEXT    NOT NULL,         -- 'discord', 'slack', 'local', 'web'
    external_id        TEXT    NOT NULL,         -- user snowflake, Slack team:user, local name
    display_name       TEXT    NOT NULL DEFAULT '',
    locale             TEXT,                     -- 'en' or 'fr'; NULL until known (English is used)
    time_zone          TEXT,                     -- IANA name such as 'Europe/Paris'; NULL = UTC
    reminders_enabled  INTEGER NOT NULL DEFAULT 0 CHECK (reminders_enabled IN (0, 1)),
    reminder_minute    INTEGER CHECK (reminder_minute BETWEEN 0 AND 1439), -- local time of day; NULL = any time
    reminder_min_due   INTEGER NOT NULL DEFAULT 1 CHECK (reminder_min_due >= 1), -- due questions before a nudge
    last_study_day     INTEGER,                  -- UTC day number (days since 1970-01-01) of the last answer
    streak_days        INTEGER NOT NULL DEFAULT 0,
    best_streak_days   INTEGER NOT NULL DEFAULT 0,
    UNIQUE (platform, external_id)
) STRICT;

-- A learner may belong to several workspaces, with a role in each.
CREATE TABLE membership (
    workspace_id  INTEGER NOT NULL REFERENCES workspace (id),
    learner_id    INTEGER NOT NULL REFERENCES learner (id),
    role          TEXT    NOT NULL CHECK (role IN ('learner', 'instructor')),
    PRIMARY KEY (workspace_id, learner_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX membership_by_learner ON membership (learner_id);
