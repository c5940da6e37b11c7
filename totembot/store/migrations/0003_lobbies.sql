-- Lobbies: a game being gathered with Join / Leave / Start buttons, kept across restarts.
CREATE TABLE lobbies (
    channel_id  TEXT PRIMARY KEY,
    guild_id    TEXT,
    host        TEXT NOT NULL,
    options     TEXT NOT NULL,          -- life, commander and house rules as JSON
    seats       TEXT NOT NULL,          -- [{"display_name", "user_id", "guest_name"}, ...] as JSON
    message_id  TEXT,
    created_at  TEXT NOT NULL
)
