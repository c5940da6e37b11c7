-- The live page's addresses (issue 31): each row is one address a channel's page may be
-- reached by, kept only as the SHA-256 of its token (the token itself is shown once, to the
-- person who asked, and is never stored or logged). `/totem link reset` deletes a channel's rows.
-- (Numbered 0011: 0008 to 0010 are other issues' migrations.)
CREATE TABLE web_links (
    token_hash TEXT PRIMARY KEY,
    channel_id TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX web_links_by_channel ON web_links (channel_id);
