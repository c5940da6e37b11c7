-- The turn clock of each channel (issue 29): its limit in minutes, whether it is paused (and
-- since when), the paused time credited to one turn, and the last turn it reminded, so that a
-- restart neither forgets a pause nor reminds a turn twice. A turn is named by its game and
-- the time it began ("12@2026-11-27T10:00:00.000+00:00").
CREATE TABLE clocks (
    channel_id     TEXT PRIMARY KEY,
    guild_id       TEXT,
    minutes        INTEGER NOT NULL,
    paused_at      TEXT,
    credit_seconds REAL NOT NULL DEFAULT 0,
    credit_turn    TEXT,
    reminded_turn  TEXT
);
