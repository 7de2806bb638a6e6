-- Task and team search in one stored lower-cased text per row (name, description, tags), with its trigram and Han-pair
-- indexes, instead of lower() of each column at every candidate a search checks (0021, 0027).
ALTER TABLE "teams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description || ' ' || tags::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "teams_search_text_trgm_idx" ON "teams" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_search_text_pairs_idx" ON "teams" USING gin (cjk_pairs("search_text"));--> statement-breakpoint
CREATE INDEX "tasks_search_text_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_text_pairs_idx" ON "tasks" USING gin (cjk_pairs("search_text"));--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_description_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "teams_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "teams_description_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "teams_tags_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_cjk_pairs_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "teams_cjk_pairs_idx";
