CREATE TABLE "suggestion_nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggestion_id" uuid NOT NULL,
	"role" text NOT NULL,
	"draft_hash" text NOT NULL,
	"signer_did" text NOT NULL,
	"signer_id" uuid,
	"key_hex" text NOT NULL,
	"statement" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestion_nominations" ADD CONSTRAINT "suggestion_nominations_suggestion_id_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_nominations" ADD CONSTRAINT "suggestion_nominations_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suggestion_nominations_uq" ON "suggestion_nominations" USING btree ("suggestion_id","role","draft_hash");--> statement-breakpoint
CREATE INDEX "suggestion_nominations_suggestion_idx" ON "suggestion_nominations" USING btree ("suggestion_id");