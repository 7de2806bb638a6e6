CREATE SEQUENCE "public"."suggestion_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "suggestion_abuse_reports" (
	"suggestion_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_abuse_reports_suggestion_id_reporter_id_pk" PRIMARY KEY("suggestion_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "suggestion_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggestion_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" uuid,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suggestion_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"suggestion_id" uuid,
	"title" text,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestion_reactions" (
	"suggestion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_reactions_suggestion_id_user_id_pk" PRIMARY KEY("suggestion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "suggestion_subscriptions" (
	"user_id" uuid NOT NULL,
	"suggestion_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_subscriptions_user_id_suggestion_id_pk" PRIMARY KEY("user_id","suggestion_id")
);
--> statement-breakpoint
CREATE TABLE "suggestion_tags" (
	"suggestion_id" uuid NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_tags_suggestion_id_type_pk" PRIMARY KEY("suggestion_id","type")
);
--> statement-breakpoint
CREATE TABLE "suggestion_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggestion_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"draft_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"reverted_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('suggestion_number_seq') NOT NULL,
	"author_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"abstract" text NOT NULL,
	"content" jsonb NOT NULL,
	"budget_total" numeric(30, 8),
	"title_search" "tsvector" NOT NULL,
	"abstract_search" "tsvector" NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"abuse_status" text,
	"version" integer DEFAULT 1 NOT NULL,
	"draft_hash" text NOT NULL,
	"signed" boolean DEFAULT false NOT NULL,
	"signature" text,
	"signer_did" text,
	"signer_public_key" text,
	"signed_statement" text,
	"signed_at" timestamp with time zone,
	"proposal_number" bigint,
	"proposal_hash" text,
	"likes_num" integer DEFAULT 0 NOT NULL,
	"dislikes_num" integer DEFAULT 0 NOT NULL,
	"views_num" integer DEFAULT 0 NOT NULL,
	"comments_num" integer DEFAULT 0 NOT NULL,
	"activeness" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestion_abuse_reports" ADD CONSTRAINT "suggestion_abuse_reports_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_abuse_reports" ADD CONSTRAINT "suggestion_abuse_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_comments" ADD CONSTRAINT "suggestion_comments_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_comments" ADD CONSTRAINT "suggestion_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_comments" ADD CONSTRAINT "suggestion_comments_parent_id_suggestion_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."suggestion_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_drafts" ADD CONSTRAINT "suggestion_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_drafts" ADD CONSTRAINT "suggestion_drafts_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_reactions" ADD CONSTRAINT "suggestion_reactions_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_reactions" ADD CONSTRAINT "suggestion_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_subscriptions" ADD CONSTRAINT "suggestion_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_subscriptions" ADD CONSTRAINT "suggestion_subscriptions_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_tags" ADD CONSTRAINT "suggestion_tags_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_tags" ADD CONSTRAINT "suggestion_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_versions" ADD CONSTRAINT "suggestion_versions_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_versions" ADD CONSTRAINT "suggestion_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suggestion_comments_suggestion_idx" ON "suggestion_comments" USING btree ("suggestion_id","created_at");--> statement-breakpoint
CREATE INDEX "suggestion_comments_author_idx" ON "suggestion_comments" USING btree ("author_id","suggestion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_drafts_suggestion_uq" ON "suggestion_drafts" USING btree ("suggestion_id");--> statement-breakpoint
CREATE INDEX "suggestion_drafts_author_idx" ON "suggestion_drafts" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestion_reactions_user_idx" ON "suggestion_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "suggestion_subscriptions_suggestion_idx" ON "suggestion_subscriptions" USING btree ("suggestion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_versions_uq" ON "suggestion_versions" USING btree ("suggestion_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "suggestions_number_uq" ON "suggestions" USING btree ("number");--> statement-breakpoint
CREATE INDEX "suggestions_status_number_idx" ON "suggestions" USING btree ("status","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_status_likes_idx" ON "suggestions" USING btree ("status","likes_num" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_status_views_idx" ON "suggestions" USING btree ("status","views_num" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_status_activeness_idx" ON "suggestions" USING btree ("status","activeness" DESC NULLS LAST,"number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_status_signed_number_idx" ON "suggestions" USING btree ("status","signed","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_author_number_idx" ON "suggestions" USING btree ("author_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_abuse_idx" ON "suggestions" USING btree ("abuse_status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggestions_title_search_idx" ON "suggestions" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "suggestions_abstract_search_idx" ON "suggestions" USING gin ("abstract_search");