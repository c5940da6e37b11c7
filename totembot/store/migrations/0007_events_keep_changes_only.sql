-- Each event keeps what changed (its request and changes) and the games row keeps the one
-- current snapshot. The store now checks the version and moves the game's row itself, with a
-- plain UPDATE in the same transaction as the event's INSERT (group commit: several requests'
-- savepoints in one transaction), so 0005's triggers go, and with them the snapshot stored with
-- every event: those are cleared (a VACUUM then gives the space back).
DROP TRIGGER events_check_version;
DROP TRIGGER events_move_snapshot;
UPDATE events SET snapshot = NULL, game_status = NULL WHERE snapshot IS NOT NULL;
-- An older totembot, which relied on those triggers, would write events without moving its
-- game: it is refused instead (its request is not recorded, nothing is half-written).
CREATE TRIGGER events_refuse_snapshot BEFORE INSERT ON events
WHEN NEW.snapshot IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'this database was upgraded by a newer totembot');
END
