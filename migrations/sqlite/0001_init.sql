-- Times are TEXT in UTC with milliseconds (2006-01-02T15:04:05.000Z), so they
-- sort as strings and read well in the sqlite3 shell. JSON columns are TEXT
-- holding the bytes we wrote.

CREATE TABLE rooms (
	code       TEXT PRIMARY KEY,
	game       TEXT NOT NULL,
	options    TEXT,
	host_token TEXT NOT NULL,
	created_at TEXT NOT NULL
);

CREATE TABLE seats (
	room_code TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
	id        TEXT NOT NULL,
	position  INTEGER NOT NULL,
	name      TEXT NOT NULL,
	token     TEXT NOT NULL, -- '' for bots
	bot       INTEGER NOT NULL,
	joined_at TEXT NOT NULL,
	PRIMARY KEY (room_code, id),
	UNIQUE (room_code, position)
);

-- Bots share the empty token; people's tokens must tell them apart.
CREATE UNIQUE INDEX seats_token ON seats (room_code, token) WHERE token <> '';

CREATE TABLE matches (
	id          TEXT PRIMARY KEY,
	room_code   TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
	number      INTEGER NOT NULL,
	setup       TEXT NOT NULL, -- game.Setup, seed included
	seats       TEXT NOT NULL, -- []store.MatchSeat
	status      TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
	result      TEXT,          -- game.Result once finished
	created_at  TEXT NOT NULL,
	finished_at TEXT,
	UNIQUE (room_code, number)
);

-- A restarting server looks for unfinished matches only.
CREATE INDEX matches_playing ON matches (id) WHERE status = 'playing';

CREATE TABLE actions (
	match_id  TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
	idx       INTEGER NOT NULL,
	client_id TEXT, -- NULL for system actions
	seat      INTEGER NOT NULL,
	type      TEXT NOT NULL,
	data      TEXT,
	at        INTEGER NOT NULL, -- Unix milliseconds, as the game reads it
	PRIMARY KEY (match_id, idx)
);

-- A retried client action must not be logged twice.
CREATE UNIQUE INDEX actions_client_id ON actions (match_id, client_id) WHERE client_id IS NOT NULL;

CREATE TABLE notes (
	match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
	seat     INTEGER NOT NULL,
	note     TEXT NOT NULL,
	PRIMARY KEY (match_id, seat)
);
