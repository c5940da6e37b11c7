-- The first schema: a game per row with its current snapshot, its seats, and its event log.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    TEXT,
    channel_id  TEXT NOT NULL,
    host        TEXT NOT NULL,
    format      TEXT NOT NULL,
    options     TEXT NOT NULL,          -- the rules Config as JSON
    status      TEXT NOT NULL DEFAULT 'active',
    created_at  TEXT NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    snapshot    TEXT NOT NULL           -- the GameState after `version` events, as JSON
);

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games(id),
    seat         INTEGER NOT NULL,
    user_id      TEXT,                  -- a Discord user id, or NULL for a guest
    guest_name   TEXT,
    display_name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE events (
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL,       -- 1, 2, ...: the game's version after this event
    recorded_at TEXT NOT NULL,
    recorded_by TEXT NOT NULL,          -- who pressed the button or typed the line
    request     TEXT NOT NULL,          -- the rules Request as JSON
    changes     TEXT NOT NULL,          -- the events it caused, as JSON
    PRIMARY KEY (game_id, seq)
);

-- One active game per channel or thread.
CREATE UNIQUE INDEX one_active_game_per_channel ON games(channel_id) WHERE status = 'active';
