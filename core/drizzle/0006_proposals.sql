CREATE SEQUENCE "public"."proposal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "proposal_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proposal_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"member_did" text NOT NULL,
	"user_id" uuid,
	"choice" text,
	"reason" text,
	"opinion_hash" text,
	"version" integer DEFAULT 0 NOT NULL,
	"voted_at" timestamp with time zone,
	"chain_action_id" uuid,
	"chain_status" text DEFAULT 'unchain' NOT NULL,
	"tx_hash" text,
	"chained_choice" text,
	"chained_nonce" bigint,
	"chained_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint,
	"status" text NOT NULL,
	"kind" text DEFAULT 'NORMAL' NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"title_search" "tsvector" NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"content_format" text DEFAULT 'MARKDOWN' NOT NULL,
	"content" text,
	"goal" text,
	"motivation" text,
	"plan_text" text,
	"relevance_text" text,
	"budget_statement" text,
	"suggestion_content" jsonb,
	"conflict" boolean DEFAULT false NOT NULL,
	"motion_reference" integer,
	"budget_total" numeric(30, 8),
	"suggestion_id" uuid,
	"owner_id" uuid,
	"proposer_id" uuid NOT NULL,
	"proposer_did" text,
	"draft_hash" text,
	"terms_hash" text,
	"terms" jsonb,
	"owner_did" text,
	"owner_signature" text,
	"member_signature" text,
	"register_statement" text,
	"register_action_id" uuid,
	"register_chain_status" text,
	"register_tx_hash" text,
	"term" integer,
	"registered_height" bigint,
	"voting_end_height" bigint,
	"veto_end_height" bigint,
	"seats" integer DEFAULT 12 NOT NULL,
	"yes_count" integer DEFAULT 0 NOT NULL,
	"oppose_count" integer DEFAULT 0 NOT NULL,
	"abstain_count" integer DEFAULT 0 NOT NULL,
	"veto_total_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"veto_threshold_wei" numeric(78, 0),
	"veto_stakes" integer DEFAULT 0 NOT NULL,
	"effects_applied_at" timestamp with time zone,
	"reminded_early_at" timestamp with time zone,
	"reminded_late_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "council_members" (
	"term" integer NOT NULL,
	"member_id" text NOT NULL,
	"did" text NOT NULL,
	"qx" text NOT NULL,
	"qy" text NOT NULL,
	"seated" boolean DEFAULT true NOT NULL,
	"seated_height" bigint NOT NULL,
	"removed_height" bigint,
	CONSTRAINT "council_members_term_member_id_pk" PRIMARY KEY("term","member_id")
);
--> statement-breakpoint
CREATE TABLE "council_terms" (
	"term" integer PRIMARY KEY NOT NULL,
	"start_height" bigint NOT NULL,
	"end_height" bigint NOT NULL,
	"election_start_height" bigint NOT NULL,
	"seats" integer NOT NULL,
	"seated" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "governance_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"voting_period_blocks" bigint,
	"term_length_blocks" bigint,
	"election_period_blocks" bigint,
	"circulating_supply_wei" numeric(78, 0),
	"veto_threshold_bps" integer,
	"secretary_did" text,
	"secretary_qx" text,
	"secretary_qy" text,
	"secretary_by_proposal" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_notifications" ADD CONSTRAINT "proposal_notifications_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_notifications" ADD CONSTRAINT "proposal_notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_votes" ADD CONSTRAINT "proposal_votes_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_votes" ADD CONSTRAINT "proposal_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_votes" ADD CONSTRAINT "proposal_votes_chain_action_id_chain_actions_id_fk" FOREIGN KEY ("chain_action_id") REFERENCES "public"."chain_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_register_action_id_chain_actions_id_fk" FOREIGN KEY ("register_action_id") REFERENCES "public"."chain_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_notifications_uq" ON "proposal_notifications" USING btree ("proposal_id","kind","recipient_id");--> statement-breakpoint
CREATE INDEX "proposal_notifications_pending_idx" ON "proposal_notifications" USING btree ("created_at") WHERE "proposal_notifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_votes_member_uq" ON "proposal_votes" USING btree ("proposal_id","member_id");--> statement-breakpoint
CREATE INDEX "proposal_votes_user_idx" ON "proposal_votes" USING btree ("user_id","voted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposal_votes_did_idx" ON "proposal_votes" USING btree ("member_did","voted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposal_votes_action_idx" ON "proposal_votes" USING btree ("chain_action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_number_uq" ON "proposals" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_suggestion_uq" ON "proposals" USING btree ("suggestion_id") WHERE "proposals"."status" <> 'DRAFT';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_draft_hash_uq" ON "proposals" USING btree ("draft_hash");--> statement-breakpoint
CREATE INDEX "proposals_status_number_idx" ON "proposals" USING btree ("status","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_number_idx" ON "proposals" USING btree ("number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_created_idx" ON "proposals" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_proposer_idx" ON "proposals" USING btree ("proposer_id","number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_voting_end_idx" ON "proposals" USING btree ("voting_end_height") WHERE "proposals"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "proposals_veto_end_idx" ON "proposals" USING btree ("veto_end_height") WHERE "proposals"."status" = 'NOTIFICATION';--> statement-breakpoint
CREATE INDEX "proposals_title_search_idx" ON "proposals" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "council_members_did_idx" ON "council_members" USING btree ("did","term");