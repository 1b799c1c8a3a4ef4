-- JSON columns use json, not jsonb: json keeps the bytes we wrote, so a
-- match's setup replays from exactly what was stored.

CREATE TABLE rooms (
	code       text PRIMARY KEY,
	game       text NOT NULL,
	options    json,
	host_token text NOT NULL,
	created_at timestamptz NOT NULL
);

CREATE TABLE seats (
	room_code text NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
	id        text NOT NULL,
	position  integer NOT NULL,
	name      text NOT NULL,
	token     text NOT NULL, -- '' for bots
	bot       boolean NOT NULL,
	joined_at timestamptz NOT NULL,
	PRIMARY KEY (room_code, id),
	UNIQUE (room_code, position)
);

-- Bots share the empty token; people's tokens must tell them apart.
CREATE UNIQUE INDEX seats_token ON seats (room_code, token) WHERE token <> '';

CREATE TABLE matches (
	id          text PRIMARY KEY,
	room_code   text NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
	number      integer NOT NULL,
	setup       json NOT NULL, -- game.Setup, seed included
	seats       json NOT NULL, -- []store.MatchSeat
	status      text NOT NULL CHECK (status IN ('playing', 'finished')),
	result      json,          -- game.Result once finished
	created_at  timestamptz NOT NULL,
	finished_at timestamptz,
	UNIQUE (room_code, number)
);

-- A restarting server looks for unfinished matches only.
CREATE INDEX matches_playing ON matches (id) WHERE status = 'playing';

CREATE TABLE actions (
	match_id  text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
	idx       integer NOT NULL,
	client_id text, -- NULL for system actions
	seat      integer NOT NULL,
	type      text NOT NULL,
	data      json,
	at        bigint NOT NULL, -- Unix milliseconds, as the game reads it
	PRIMARY KEY (match_id, idx)
);

-- A retried client action must not be logged twice.
CREATE UNIQUE INDEX actions_client_id ON actions (match_id, client_id) WHERE client_id IS NOT NULL;

CREATE TABLE notes (
	match_id text NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
	seat     integer NOT NULL,
	note     json NOT NULL,
	PRIMARY KEY (match_id, seat)
);
