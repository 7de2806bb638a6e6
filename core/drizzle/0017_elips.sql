CREATE TABLE "elip_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"elip_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elip_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"elip_id" uuid NOT NULL,
	"voter_did" text NOT NULL,
	"voter_id" uuid,
	"term" integer NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"statement" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"title" text NOT NULL,
	"author_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"discussions_to" text,
	"requires" text,
	"replaces" text,
	"superseded_by" text,
	"abstract" text NOT NULL,
	"motivation" text NOT NULL,
	"specification" text NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"backward_compatibility" text DEFAULT '' NOT NULL,
	"reference_implementation" text DEFAULT '' NOT NULL,
	"copyright" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"released_on" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "elip_reviews" ADD CONSTRAINT "elip_reviews_elip_id_elips_id_fk" FOREIGN KEY ("elip_id") REFERENCES "public"."elips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elip_reviews" ADD CONSTRAINT "elip_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elip_votes" ADD CONSTRAINT "elip_votes_elip_id_elips_id_fk" FOREIGN KEY ("elip_id") REFERENCES "public"."elips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elip_votes" ADD CONSTRAINT "elip_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "elips" ADD CONSTRAINT "elips_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "elip_reviews_elip_idx" ON "elip_reviews" USING btree ("elip_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "elip_votes_elip_did_uq" ON "elip_votes" USING btree ("elip_id","voter_did");--> statement-breakpoint
CREATE UNIQUE INDEX "elips_number_uq" ON "elips" USING btree ("number");--> statement-breakpoint
CREATE INDEX "elips_status_created_idx" ON "elips" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "elips_author_idx" ON "elips" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "releases_released_on_idx" ON "releases" USING btree ("released_on");--> statement-breakpoint
-- custom SQL (keep when regenerating)
ALTER TABLE "elips" ADD CONSTRAINT "elips_status_ck" CHECK ("status" IN ('PERSONAL_DRAFT','WAIT_FOR_REVIEW','REJECTED','DRAFT','FINAL_REVIEW','CANCELLED','SUBMITTED_AS_PROPOSAL'));--> statement-breakpoint
ALTER TABLE "elips" ADD CONSTRAINT "elips_type_ck" CHECK ("type" IN ('STANDARD_TRACK','PROCESS','INFORMATIONAL'));--> statement-breakpoint
ALTER TABLE "elips" ADD CONSTRAINT "elips_language_ck" CHECK ("language" IN ('en','zh'));--> statement-breakpoint
ALTER TABLE "elip_reviews" ADD CONSTRAINT "elip_reviews_decision_ck" CHECK ("decision" IN ('APPROVED','REJECTED'));--> statement-breakpoint
ALTER TABLE "elip_votes" ADD CONSTRAINT "elip_votes_value_ck" CHECK ("value" IN ('YES','OPPOSE','ABSTAIN'));
