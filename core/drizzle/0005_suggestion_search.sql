-- Author-name search on suggestions: a trigram index over the names a member is known by, so
-- `ILIKE '%part%'` is answered from the index instead of a scan (pg_trgm; PGlite loads it in db-client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ((lower(coalesce("username", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) gin_trgm_ops);
