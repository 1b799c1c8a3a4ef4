-- A client's action id is unique in its room, not only in its match: an
-- action whose ok was lost in a crash may be resent after a rematch, and
-- must then be found in the match that logged it rather than applied again.
-- Each action carries its match's room for that key; the composite foreign
-- key keeps the copy equal to the match's own room.

ALTER TABLE actions ADD COLUMN room_code text;
UPDATE actions a SET room_code = m.room_code FROM matches m WHERE m.id = a.match_id;
ALTER TABLE actions ALTER COLUMN room_code SET NOT NULL;

ALTER TABLE matches ADD CONSTRAINT matches_id_room_code UNIQUE (id, room_code);
ALTER TABLE actions ADD CONSTRAINT actions_match_room FOREIGN KEY (match_id, room_code)
	REFERENCES matches (id, room_code) ON DELETE CASCADE;

-- The per-match key let one id appear once in each match of a room. Only its
-- newest use keeps the id: that is the one a client could still be resending.
UPDATE actions a SET client_id = NULL
WHERE a.client_id IS NOT NULL AND EXISTS (
	SELECT 1 FROM actions b
	JOIN matches mb ON mb.id = b.match_id
	JOIN matches ma ON ma.id = a.match_id
	WHERE b.room_code = a.room_code AND b.client_id = a.client_id
		AND (mb.number, b.idx) > (ma.number, a.idx));

DROP INDEX actions_client_id;
-- A retried client action must not be logged twice, in any match of the room.
CREATE UNIQUE INDEX actions_client_id ON actions (room_code, client_id) WHERE client_id IS NOT NULL;
