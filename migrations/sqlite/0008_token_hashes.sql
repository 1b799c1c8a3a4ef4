-- Host and seat tokens are kept as their SHA-256 in hex (store.Hash), like
-- the secrets of seat links: whoever reads the database, or a backup of
-- it, holds no working token. The columns keep their names. Rows written
-- before hold the tokens themselves; hashing them here keeps every room
-- working with the tokens its phones already have. Bots keep ''.
-- SQLite has no hash function: sha256_hex is Go's, registered on the
-- driver this store opens (internal/store/sqlite). The old values stay in
-- free pages until SQLite reuses them or VACUUM.
UPDATE rooms SET host_token = sha256_hex(host_token);
UPDATE seats SET token = sha256_hex(token) WHERE token <> '';
