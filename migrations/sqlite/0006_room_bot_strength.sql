-- How well a room's bots play, chosen by the host in the lobby: beginner,
-- regular or sharp. '' is regular, so rooms made before it play as they did.
ALTER TABLE rooms ADD COLUMN bot_strength TEXT NOT NULL DEFAULT '';
