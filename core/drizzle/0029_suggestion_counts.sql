CREATE TABLE "suggestion_counts" (
	"status" text NOT NULL,
	"signed" boolean NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "suggestion_counts_status_signed_type_pk" PRIMARY KEY("status","signed","type")
);
--> statement-breakpoint
-- The public suggestion lists' totals come from these counts (docs/list-performance.md §8). The trigger keeps them
-- exact in the suggestion's own transaction. A move between two keys touches both rows in key order, so two
-- opposite moves at once wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION suggestion_counts_add(s text, sg boolean, ty text, d integer) RETURNS void AS $$
BEGIN
  INSERT INTO suggestion_counts AS k (status, signed, type, n) VALUES (s, sg, ty, d)
  ON CONFLICT (status, signed, type) DO UPDATE SET n = k.n + d;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION suggestion_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM suggestion_counts_add(NEW.status, NEW.signed, NEW.type, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM suggestion_counts_add(OLD.status, OLD.signed, OLD.type, -1);
  ELSIF (OLD.status, OLD.signed, OLD.type) < (NEW.status, NEW.signed, NEW.type) THEN
    PERFORM suggestion_counts_add(OLD.status, OLD.signed, OLD.type, -1);
    PERFORM suggestion_counts_add(NEW.status, NEW.signed, NEW.type, 1);
  ELSIF (OLD.status, OLD.signed, OLD.type) > (NEW.status, NEW.signed, NEW.type) THEN
    PERFORM suggestion_counts_add(NEW.status, NEW.signed, NEW.type, 1);
    PERFORM suggestion_counts_add(OLD.status, OLD.signed, OLD.type, -1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION suggestion_counts_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM suggestion_counts;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER suggestions_counts AFTER INSERT OR DELETE OR UPDATE OF status, signed, type ON suggestions
  FOR EACH ROW EXECUTE FUNCTION suggestion_counts_apply();--> statement-breakpoint
CREATE TRIGGER suggestions_counts_truncate AFTER TRUNCATE ON suggestions FOR EACH STATEMENT EXECUTE FUNCTION suggestion_counts_clear();--> statement-breakpoint
INSERT INTO suggestion_counts (status, signed, type, n)
  SELECT status, signed, type, count(*)::int FROM suggestions GROUP BY 1, 2, 3;
