-- The host role can pass to a seat: on purpose ("Make host"), or by itself
-- when the host's phone has been away for minutes, in which case the
-- previous holder may take it back. '' in host_seat is the holder of
-- host_token; host_back names the previous holder the same way.
ALTER TABLE rooms ADD COLUMN host_seat TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN host_returns BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE rooms ADD COLUMN host_back TEXT NOT NULL DEFAULT '';
