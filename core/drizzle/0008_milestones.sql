CREATE TABLE "proposal_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_wei" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'WAITING_FOR_REQUEST' NOT NULL,
	"message" text,
	"message_hash" text,
	"opinion" text,
	"opinion_hash" text,
	"approved" boolean,
	"action_id" uuid,
	"requested_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdraw_tx_hash" text,
	"withdraw_block" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_milestones" ADD CONSTRAINT "proposal_milestones_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_milestones" ADD CONSTRAINT "proposal_milestones_action_id_chain_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."chain_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_milestones_stage_idx" ON "proposal_milestones" USING btree ("proposal_id","stage");--> statement-breakpoint
CREATE INDEX "proposal_milestones_action_idx" ON "proposal_milestones" USING btree ("action_id");