-- Rivalries and decks: where each seat finished, who took them out (the seat of the controller
-- of the change that made them lose; NULL for no one), and the deck they played. Read from the
-- game's whole log when it ends; the games finished before are made again by the backlog.
ALTER TABLE results ADD COLUMN place INTEGER;
ALTER TABLE results ADD COLUMN taken_by INTEGER;
ALTER TABLE results ADD COLUMN deck TEXT;
UPDATE games SET results_version = NULL WHERE results_version IS NOT NULL;
-- A player's decks, newest first, for autocomplete (`/totem deck`).
CREATE INDEX results_by_deck ON results(deck) WHERE deck IS NOT NULL;
-- The decks players named in a channel's lobby (`/totem deck` before the game starts): recorded
-- as the game's first requests when it starts, then cleared with the next lobby there.
CREATE TABLE lobby_decks (
    channel_id TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    deck       TEXT NOT NULL,
    PRIMARY KEY (channel_id, user_id)
);
