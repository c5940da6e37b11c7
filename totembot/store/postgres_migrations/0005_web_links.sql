-- The live page's addresses (issue 31), as SQLite's migration 0011: one row per address a
-- channel's page may be reached by, kept only as the SHA-256 of its token.
-- (Numbered 0005: 0002 to 0004 are other issues' migrations.)
CREATE TABLE web_links (
    token_hash TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX web_links_by_channel ON web_links (channel_id);
