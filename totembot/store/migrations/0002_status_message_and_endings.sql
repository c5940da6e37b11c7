-- The pinned status message of each game, and when a game finished (for history and stats).
ALTER TABLE games ADD COLUMN status_message_id TEXT;
ALTER TABLE games ADD COLUMN finished_at TEXT;
CREATE INDEX games_by_channel ON games(channel_id, id);
CREATE INDEX games_by_status ON games(status);
