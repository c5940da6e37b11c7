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

-- And each seat's turn times in a finished game (how many turns, their seconds in all), timed from
-- the log when the game's summary is told, for `/totem stats`; `version` is the game's version
-- they were timed at (a game reopened by undo and finished anew is timed again).
CREATE TABLE turn_times (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL,
    version INTEGER NOT NULL,
    turns   INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
