-- scripts/bench-engines' "pg-floor": tables shaped as an answer's four written tables (their columns, defaults and
-- indexes; no CHECK, no foreign key, no trigger), and 50 learners with a session each, in a migrated database.
CREATE TABLE floor_attempt (LIKE attempt INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING IDENTITY);
CREATE TABLE floor_memory (LIKE memory INCLUDING DEFAULTS INCLUDING INDEXES);
CREATE TABLE floor_session (LIKE session INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING IDENTITY);
CREATE TABLE floor_learner (LIKE learner INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING IDENTITY);
INSERT INTO floor_learner (id, platform, external_id, display_name)
    SELECT n, 'web', 'floor-' || n, '' FROM generate_series(1, 50) n;
INSERT INTO floor_session (id, learner_id, pack_id, venue, status, started_at_ms, state_format, state)
    SELECT n, n, 1, 'web', 'active', 0, 1, '' FROM generate_series(1, 50) n;
