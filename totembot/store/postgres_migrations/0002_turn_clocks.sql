-- SQLite's 0008 for PostgreSQL: the turn clock of each channel (issue 29), its limit in
-- minutes, its pause, the paused time credited to one turn and the last turn it reminded.
CREATE TABLE clocks (
    channel_id     TEXT PRIMARY KEY,
    guild_id       TEXT,
    minutes        INTEGER NOT NULL,
    paused_at      TEXT,
    credit_seconds DOUBLE PRECISION NOT NULL DEFAULT 0,
    credit_turn    TEXT,
    reminded_turn  TEXT
)
