-- One room plays a whole night of games: the host picks the next game
-- after a match. picked_after is the number of the room's last match when
-- its game was last picked (0: never), so a restart knows whether the room
-- waits in the new game's lobby. sits_out marks a member the host left out
-- of the current game (it takes fewer players than the room holds).
ALTER TABLE rooms ADD COLUMN picked_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN sits_out INTEGER NOT NULL DEFAULT 0;
