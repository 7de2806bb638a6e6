CREATE TABLE "wallet_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"intent" text NOT NULL,
	"requester_id" uuid,
	"subject_type" text,
	"subject_id" text,
	"expected_signer" text,
	"statement" text,
	"digest" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"callback_token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_type" text,
	"error_message" text,
	"signer_did" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_requests" ADD CONSTRAINT "wallet_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_requests_callback_uq" ON "wallet_requests" USING btree ("callback_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_requests_nonce_uq" ON "wallet_requests" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "wallet_requests_subject_idx" ON "wallet_requests" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "wallet_requests_expires_idx" ON "wallet_requests" USING btree ("status","expires_at");