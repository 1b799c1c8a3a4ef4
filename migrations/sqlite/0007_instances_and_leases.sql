-- The embedded SQLite store is one instance only (the server refuses to
-- start a second one on the same file), so these tables stay empty; they
-- exist so both backends share one schema history.
CREATE TABLE instances (
	id         text PRIMARY KEY,
	address    text NOT NULL,
	started_at text NOT NULL,
	heartbeat  text NOT NULL
);

CREATE TABLE room_leases (
	room_code  text PRIMARY KEY,
	instance   text NOT NULL,
	expires_at text NOT NULL
);
