-- A client's action id is unique in its room, not only in its match: an
-- action whose ok was lost in a crash may be resent after a rematch, and
-- must then be found in the match that logged it rather than applied again.
-- Each action carries its match's room for that key; the composite foreign
-- key keeps the copy equal to the match's own room.
--
-- SQLite cannot add a NOT NULL column or a foreign key to a table, so the
-- actions table is rebuilt. Nothing references actions, so it can be
-- dropped with foreign keys on.

-- The parent key of the composite foreign key below.
CREATE UNIQUE INDEX matches_id_room_code ON matches (id, room_code);

CREATE TABLE actions_new (
	match_id  TEXT NOT NULL,
	room_code TEXT NOT NULL, -- the match's room, for the client id key
	idx       INTEGER NOT NULL,
	client_id TEXT, -- NULL for system actions
	seat      INTEGER NOT NULL,
	type      TEXT NOT NULL,
	data      TEXT,
	at        INTEGER NOT NULL, -- Unix milliseconds, as the game reads it
	PRIMARY KEY (match_id, idx),
	FOREIGN KEY (match_id, room_code) REFERENCES matches (id, room_code) ON DELETE CASCADE
);

INSERT INTO actions_new (match_id, room_code, idx, client_id, seat, type, data, at)
SELECT a.match_id, m.room_code, a.idx, a.client_id, a.seat, a.type, a.data, a.at
FROM actions a JOIN matches m ON m.id = a.match_id;

DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;

-- The per-match key let one id appear once in each match of a room. Only its
-- newest use keeps the id: that is the one a client could still be resending.
UPDATE actions SET client_id = NULL
WHERE client_id IS NOT NULL AND EXISTS (
	SELECT 1 FROM actions b
	JOIN matches mb ON mb.id = b.match_id
	JOIN matches ma ON ma.id = actions.match_id
	WHERE b.room_code = actions.room_code AND b.client_id = actions.client_id
		AND (mb.number, b.idx) > (ma.number, actions.idx));

-- A retried client action must not be logged twice, in any match of the room.
CREATE UNIQUE INDEX actions_client_id ON actions (room_code, client_id) WHERE client_id IS NOT NULL;
