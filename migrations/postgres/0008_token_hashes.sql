-- Host and seat tokens are kept as their SHA-256 in hex (store.Hash), like
-- the secrets of seat links: whoever reads the database, or a backup of
-- it, holds no working token. The columns keep their names. Rows written
-- before hold the tokens themselves; hashing them here keeps every room
-- working with the tokens its phones already have. Bots keep ''.
-- (The old values stay in dead row versions until VACUUM reclaims them.)
UPDATE rooms SET host_token = encode(sha256(convert_to(host_token, 'UTF8')), 'hex');
UPDATE seats SET token = encode(sha256(convert_to(token, 'UTF8')), 'hex') WHERE token <> '';
