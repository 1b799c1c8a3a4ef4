-- Several server instances share one database. Each registers itself with
-- the address the others forward requests to, and keeps a heartbeat.
CREATE TABLE instances (
	id         text PRIMARY KEY,
	address    text NOT NULL, -- http://host:port, reachable from the other instances
	started_at timestamptz NOT NULL DEFAULT now(),
	heartbeat  timestamptz NOT NULL DEFAULT now()
);

-- A room runs on the one instance holding its lease until expires_at; the
-- holder renews it with its heartbeat, and anyone may take it once it has
-- expired. Times are the database's own now(), so no two machines' clocks
-- are ever compared. No foreign keys: a lease outlives neither its room nor
-- its instance by more than one expiry, and a lease for a room code that
-- turns out not to exist is released at once.
CREATE TABLE room_leases (
	room_code  text PRIMARY KEY,
	instance   text NOT NULL,
	expires_at timestamptz NOT NULL
);
CREATE INDEX room_leases_instance ON room_leases (instance);
