-- The host closed the night: every screen of the room shows the night's
-- recap until the host plays on. Rooms made before it are open.
ALTER TABLE rooms ADD COLUMN night_closed BOOLEAN NOT NULL DEFAULT false;
