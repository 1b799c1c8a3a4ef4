-- A one-time link that moves a person's seat to another phone (the host's
-- "Move this seat to another phone"). Only the SHA-256 of the link's secret
-- is kept, so the database never holds a working link. One link per seat: a
-- new one replaces the old. No foreign key to seats: PutSeats rewrites a
-- room's seats on every change, which would cascade the links away.
-- Requests to rejoin that wait for the host live in memory only: they last
-- minutes, and a restart only means asking again.
CREATE TABLE seat_passes (
	room_code  TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
	seat_id    TEXT NOT NULL,
	hash       TEXT NOT NULL,
	expires_at TEXT NOT NULL,
	used_at    TEXT, -- NULL until the seat moved
	PRIMARY KEY (room_code, seat_id),
	UNIQUE (room_code, hash)
);
