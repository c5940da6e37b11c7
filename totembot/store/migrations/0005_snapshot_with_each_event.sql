-- Each event row carries the state after it, and one INSERT both appends the event and moves
-- the game's snapshot and version forward (in the same statement, hence the same transaction).
-- The version check and the refusal of an ended game happen in the database too, so a request
-- costs a single durable statement.
ALTER TABLE events ADD COLUMN snapshot TEXT;
ALTER TABLE events ADD COLUMN game_status TEXT;

CREATE TRIGGER events_check_version BEFORE INSERT ON events
WHEN NEW.snapshot IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'stale version')
    WHERE NEW.seq != (SELECT version + 1 FROM games WHERE id = NEW.game_id);
    SELECT RAISE(ABORT, 'game ended')
    WHERE (SELECT status FROM games WHERE id = NEW.game_id) = 'abandoned';
END;

CREATE TRIGGER events_move_snapshot AFTER INSERT ON events
WHEN NEW.snapshot IS NOT NULL
BEGIN
    UPDATE games SET version = NEW.seq, snapshot = NEW.snapshot WHERE id = NEW.game_id;
    -- the status (and its indexes) only when it changes: a game ends, or undo reopens it
    UPDATE games
    SET status = NEW.game_status,
        finished_at = CASE WHEN NEW.game_status = 'finished' THEN NEW.recorded_at END
    WHERE id = NEW.game_id AND status != NEW.game_status;
END
