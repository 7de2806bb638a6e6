-- One stored column for the names a member is searched by, trigram-indexed, instead of the same expression
-- computed per member checked and indexed apart (0005).
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(coalesce(username, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_trgm_idx";
