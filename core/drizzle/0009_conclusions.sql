CREATE TABLE "proposal_conclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"status" text DEFAULT 'SIGNING' NOT NULL,
	"nonce" text NOT NULL,
	"summary_hash" text NOT NULL,
	"note" text NOT NULL,
	"statement" text NOT NULL,
	"owner_did" text NOT NULL,
	"owner_sig" text,
	"owner_signed_at" timestamp with time zone,
	"secretary_did" text NOT NULL,
	"secretary_sig" text,
	"secretary_signed_at" timestamp with time zone,
	"action_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_conclusions" ADD CONSTRAINT "proposal_conclusions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_conclusions" ADD CONSTRAINT "proposal_conclusions_action_id_chain_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."chain_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_conclusions_proposal_idx" ON "proposal_conclusions" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_conclusions_signing_uq" ON "proposal_conclusions" USING btree ("proposal_id") WHERE "proposal_conclusions"."status" = 'SIGNING';