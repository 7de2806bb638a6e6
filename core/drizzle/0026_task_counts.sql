CREATE TABLE "task_counts" (
	"is_private" boolean NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_counts_is_private_type_category_status_pk" PRIMARY KEY("is_private","type","category","status")
);
--> statement-breakpoint
-- The task lists' totals come from these counts (docs/list-performance.md §7). The trigger keeps them exact in the
-- task's own transaction. A move between two keys touches both rows in key order, so two opposite moves at once
-- wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION task_counts_add(p boolean, ty text, c text, s text, d integer) RETURNS void AS $$
BEGIN
  INSERT INTO task_counts AS k (is_private, type, category, status, n) VALUES (p, ty, c, s, d)
  ON CONFLICT (is_private, type, category, status) DO UPDATE SET n = k.n + d;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM task_counts_add(NEW.is_private, NEW.type, NEW.category, NEW.status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM task_counts_add(OLD.is_private, OLD.type, OLD.category, OLD.status, -1);
  ELSIF (OLD.is_private, OLD.type, OLD.category, OLD.status) < (NEW.is_private, NEW.type, NEW.category, NEW.status) THEN
    PERFORM task_counts_add(OLD.is_private, OLD.type, OLD.category, OLD.status, -1);
    PERFORM task_counts_add(NEW.is_private, NEW.type, NEW.category, NEW.status, 1);
  ELSIF (OLD.is_private, OLD.type, OLD.category, OLD.status) > (NEW.is_private, NEW.type, NEW.category, NEW.status) THEN
    PERFORM task_counts_add(NEW.is_private, NEW.type, NEW.category, NEW.status, 1);
    PERFORM task_counts_add(OLD.is_private, OLD.type, OLD.category, OLD.status, -1);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_counts_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM task_counts;
  RETURN NULL;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tasks_counts AFTER INSERT OR DELETE OR UPDATE OF is_private, type, category, status ON tasks
  FOR EACH ROW EXECUTE FUNCTION task_counts_apply();--> statement-breakpoint
CREATE TRIGGER tasks_counts_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION task_counts_clear();--> statement-breakpoint
INSERT INTO task_counts (is_private, type, category, status, n)
  SELECT is_private, type, category, status, count(*)::int FROM tasks GROUP BY 1, 2, 3, 4;
