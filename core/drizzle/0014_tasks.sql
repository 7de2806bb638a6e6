CREATE TABLE "task_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"type" text DEFAULT 'USER' NOT NULL,
	"category" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"bid" numeric(20, 8),
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"goals" text,
	"info_link" text,
	"location" text,
	"application_deadline" timestamp with time zone,
	"completion_deadline" timestamp with time zone,
	"event_start" timestamp with time zone,
	"event_end" timestamp with time zone,
	"event_date_type" text DEFAULT 'NOT_APPLICABLE' NOT NULL,
	"currency" text DEFAULT 'ELA' NOT NULL,
	"budget" numeric(20, 8),
	"budget_breakdown" text,
	"reward" numeric(20, 8),
	"bidding" boolean DEFAULT false NOT NULL,
	"reference_bid" numeric(20, 8),
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnail" text,
	"circle_id" uuid,
	"candidate_limit" integer NOT NULL,
	"domain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recruiting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem" text,
	"value_proposition" text,
	"use_case" text,
	"beneficiaries" text,
	"infrastructure" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"owner_id" uuid NOT NULL,
	"approved_by" uuid,
	"signed_off_by" uuid,
	"payment_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_candidates" ADD CONSTRAINT "task_candidates_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_candidates" ADD CONSTRAINT "task_candidates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_candidates" ADD CONSTRAINT "task_candidates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_circle_id_teams_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_signed_off_by_users_id_fk" FOREIGN KEY ("signed_off_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_candidates_task_user_uq" ON "task_candidates" USING btree ("task_id","user_id");--> statement-breakpoint
CREATE INDEX "task_candidates_user_idx" ON "task_candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_comments_task_created_idx" ON "task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_public_list_idx" ON "tasks" USING btree ("is_private","type","created_at");--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING btree ("owner_id");--> statement-breakpoint
-- custom SQL (keep when regenerating)
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_ck" CHECK ("status" IN ('CREATED', 'PENDING', 'APPROVED', 'ASSIGNED', 'SUBMITTED', 'SUCCESS', 'DISTRIBUTED', 'CANCELED', 'EXPIRED'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_type_ck" CHECK ("type" IN ('TASK', 'SUB_TASK', 'PROJECT', 'EVENT'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_category_ck" CHECK ("category" IN ('GENERAL', 'SOCIAL', 'DEVELOPER', 'LEADER', 'CR100'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_event_date_type_ck" CHECK ("event_date_type" IN ('NOT_APPLICABLE', 'TENTATIVE', 'CONFIRMED'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_currency_ck" CHECK ("currency" IN ('USD', 'ELA'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_amounts_ck" CHECK (coalesce("budget", 0) >= 0 AND coalesce("reward", 0) >= 0 AND coalesce("reference_bid", 0) >= 0);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_candidate_limit_ck" CHECK ("candidate_limit" >= 1);--> statement-breakpoint
ALTER TABLE "task_candidates" ADD CONSTRAINT "task_candidates_status_ck" CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "task_candidates" ADD CONSTRAINT "task_candidates_type_ck" CHECK ("type" IN ('USER', 'TEAM') AND ("type" = 'TEAM') = ("team_id" IS NOT NULL));--> statement-breakpoint
-- APPROVED candidates never exceed the task's candidate_limit: the task row is locked first, so concurrent
-- approvals (and RSVPs) of one task run one after the other and the second counts the first.
CREATE FUNCTION "task_candidates_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim integer;
  approved integer;
BEGIN
  IF NEW."status" <> 'APPROVED' THEN
    RETURN NEW;
  END IF;
  SELECT "candidate_limit" INTO lim FROM "tasks" WHERE "id" = NEW."task_id" FOR UPDATE;
  SELECT count(*) INTO approved FROM "task_candidates"
   WHERE "task_id" = NEW."task_id" AND "id" <> NEW."id" AND "status" = 'APPROVED';
  IF approved >= lim THEN
    RAISE EXCEPTION 'The candidate limit of this task has been reached.' USING ERRCODE = 'CR003', HINT = 'task.limit_reached';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "task_candidates_limit" BEFORE INSERT OR UPDATE OF "status", "task_id" ON "task_candidates"
  FOR EACH ROW EXECUTE FUNCTION "task_candidates_limit"();
