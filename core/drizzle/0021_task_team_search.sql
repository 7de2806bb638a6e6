-- Task and team search (`q`): `lower(column) LIKE '%word%'` on names, descriptions and tags is answered from
-- trigram indexes (pg_trgm, loaded by db-client.ts for PGlite) instead of scanning every row; the planner ORs the
-- columns' bitmaps. Words under three characters still scan (no trigram to look up).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_name_trgm_idx" ON "tasks" USING gin ((lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_description_trgm_idx" ON "tasks" USING gin ((lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_name_trgm_idx" ON "teams" USING gin ((lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_description_trgm_idx" ON "teams" USING gin ((lower("description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_tags_trgm_idx" ON "teams" USING gin ((lower("tags"::text)) gin_trgm_ops);
