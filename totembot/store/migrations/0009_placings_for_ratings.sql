-- Where each seat finished in each finished game, for ratings (issue 30). The order players
-- went out in is only in a game's log, so a game's placing is made from its log once, the
-- first time ratings are asked for after it finished (or when its summary is posted), and
-- made again if undo reopened it and it finished anew (`placed_version` then differs from
-- `version`). Ratings themselves are not stored: they are a fold over these rows, made when
-- asked for. Number 0008 is left to issue 30's decks.
CREATE TABLE placings (
    game_id  INTEGER NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,          -- the seat's number in `seats`
    name     TEXT NOT NULL,             -- the player's name in the game
    place    INTEGER NOT NULL,          -- 1 for the best; seats tied share a place
    side     INTEGER NOT NULL,          -- the seats rated together (a team) share a side
    PRIMARY KEY (game_id, seat)
);
ALTER TABLE games ADD COLUMN placed_version INTEGER;  -- the version `placings` were made from

-- A server's finished games in the order they ended: the fold's order.
CREATE INDEX finished_games_by_end ON games(guild_id, finished_at, id) WHERE status = 'finished';
