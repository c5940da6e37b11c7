-- How each seat did in each finished game, for statistics. A game's rows are made from its
-- final snapshot the first time statistics are asked for after it finished, and made again if
-- undo reopened it and it finished anew (its version then differs from `results_version`).
CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,          -- the seat's number in `seats`
    name     TEXT NOT NULL,             -- the player's name in the game
    outcome  TEXT NOT NULL,             -- win, draw or loss
    way_out  TEXT,                      -- how they went out: life, poison, conceded...
    PRIMARY KEY (game_id, seat)
);
ALTER TABLE games ADD COLUMN results_version INTEGER;  -- the version `results` were made from
ALTER TABLE games ADD COLUMN turns INTEGER;            -- how many turns the game lasted

-- The finished games whose results are still to be made: found without reading the others.
CREATE INDEX games_needing_results ON games(id)
WHERE status = 'finished' AND results_version IS NOT version;
-- A server's finished games (statistics, leaderboards), and a member's seats.
CREATE INDEX finished_games_by_guild ON games(guild_id, format) WHERE status = 'finished';
CREATE INDEX seats_by_user ON seats(user_id) WHERE user_id IS NOT NULL;
