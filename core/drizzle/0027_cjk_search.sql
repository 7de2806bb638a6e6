-- Chinese searches on tasks and teams. A LIKE '%word%' is answered from the trigram indexes (0021) only when the
-- word has three characters; most Chinese words have two, so they read every row. These indexes hold each text's
-- pairs of neighbouring Han characters: a text containing the word contains all of the word's pairs, so
-- `cjk_pairs(doc) @> pairs(word)` narrows the rows from the index and the LIKE then checks them (the answers are
-- exactly the LIKE's). `like-search.ts` builds the same expressions and the query's pairs.
CREATE OR REPLACE FUNCTION cjk_pairs(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT p), '{}') FROM (
    SELECT substr(t, i, 2) AS p FROM generate_series(1, length(t) - 1) AS i
  ) s WHERE p ~ '^[\u3400-\u4dbf\u4e00-\u9fff]{2}$'
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tasks_cjk_pairs_idx" ON "tasks" USING gin (cjk_pairs(lower("name") || ' ' || lower("description")));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "teams_cjk_pairs_idx" ON "teams" USING gin (cjk_pairs(lower("name") || ' ' || lower("description") || ' ' || lower("tags"::text)));
