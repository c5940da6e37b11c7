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
);

-- And each seat's turn times in a finished game, for statistics.
CREATE TABLE turn_times (
    game_id BIGINT NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL,
    version INTEGER NOT NULL,
    turns   INTEGER NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
)
