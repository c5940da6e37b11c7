-- SQLite's migration 0009 for PostgreSQL: where each seat finished in each finished game, made
-- from its log for ratings (issue 30). Number 0002 is left to issue 30's decks.
CREATE TABLE placings (
    game_id  BIGINT NOT NULL REFERENCES games(id),
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    place    INTEGER NOT NULL,
    side     INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
ALTER TABLE games ADD COLUMN placed_version INTEGER;
CREATE INDEX finished_games_by_end ON games(guild_id, finished_at, id) WHERE status = 'finished';
