-- The game version the status message shows, so start-up re-syncs only stale messages.
ALTER TABLE games ADD COLUMN status_version INTEGER
