-- A bot plays a person's seat until they take it back: the host replaced
-- them during a match, or their time ran out twice while they were away.
-- Stored so a restart keeps the bot playing.
ALTER TABLE seats ADD COLUMN standin INTEGER NOT NULL DEFAULT 0;
