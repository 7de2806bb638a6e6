CREATE TABLE "proposal_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"content" text NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"content" text NOT NULL,
	"author_id" uuid NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"review_comment" text,
	"reviewer_id" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_notes" ADD CONSTRAINT "proposal_notes_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_notes" ADD CONSTRAINT "proposal_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tracking" ADD CONSTRAINT "proposal_tracking_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tracking" ADD CONSTRAINT "proposal_tracking_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_tracking" ADD CONSTRAINT "proposal_tracking_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_notes_proposal_idx" ON "proposal_notes" USING btree ("proposal_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposal_tracking_list_idx" ON "proposal_tracking" USING btree ("proposal_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_tracking_summary_uq" ON "proposal_tracking" USING btree ("proposal_id") WHERE "proposal_tracking"."kind" = 'SUMMARY';