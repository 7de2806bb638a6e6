-- A RelayBatch's signed transaction (tens of KB) is written on each of its actions' rows, in the signing run that
-- holds the relayer's nonce: lz4 compresses it about 4 times faster than the default pglz (measured: 50 rows of
-- 40 KB, 48-51 ms with pglz, 12 ms with lz4). A server built without lz4 (embedded PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE "chain_actions" ALTER COLUMN "raw_tx" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available: raw_tx keeps the default compression';
END $$;
