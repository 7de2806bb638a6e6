CREATE TABLE "chain_refusal_notices" (
	"action_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_refusal_notices_action_id_recipient_id_pk" PRIMARY KEY("action_id","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "chain_refusal_notices" ADD CONSTRAINT "chain_refusal_notices_action_id_chain_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."chain_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_refusal_notices" ADD CONSTRAINT "chain_refusal_notices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_refusal_notices_recipient_idx" ON "chain_refusal_notices" USING btree ("recipient_id","created_at");