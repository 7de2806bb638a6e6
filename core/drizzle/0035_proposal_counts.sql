CREATE TABLE "proposal_counts" (
	"status" text NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "proposal_counts_status_type_pk" PRIMARY KEY("status","type")
);
--> statement-breakpoint
-- A plain proposal list's total comes from these counts (docs/list-performance.md §12). The trigger keeps them
-- exact in the proposal's own transaction. A move between two keys touches both rows in key order, so two opposite
-- moves at once wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION proposal_counts_add(s text, ty text, d integer) RETURNS void AS $$
BEGIN
  INSERT INTO proposal_counts AS k (status, type, n) VALUES (s, ty, d)
  ON CONFLICT (status, type) DO UPDATE SET n = k.n + d;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION proposal_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM proposal_counts_add(NEW.status, NEW.type, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM proposal_counts_add(OLD.status, OLD.type, -1);
  ELSIF (OLD.status, OLD.type) < (NEW.status, NEW.type) THEN
    PERFORM proposal_counts_add(OLD.status, OLD.type, -1);
    PERFORM proposal_counts_add(NEW.status, NEW.type, 1);
  ELSIF (OLD.status, OLD.type) > (NEW.status, NEW.type) THEN
    PERFORM proposal_counts_add(NEW.status, NEW.type, 1);
    PERFORM proposal_counts_add(OLD.status, OLD.type, -1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION proposal_counts_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM proposal_counts;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER proposals_counts AFTER INSERT OR DELETE OR UPDATE OF status, type ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposal_counts_apply();--> statement-breakpoint
CREATE TRIGGER proposals_counts_truncate AFTER TRUNCATE ON proposals FOR EACH STATEMENT EXECUTE FUNCTION proposal_counts_clear();--> statement-breakpoint
INSERT INTO proposal_counts (status, type, n)
  SELECT status, type, count(*)::int FROM proposals GROUP BY 1, 2;
