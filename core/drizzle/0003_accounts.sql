CREATE TABLE "account_did_registrations" (
	"wallet_request_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"did" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_did_registrations" ADD CONSTRAINT "account_did_registrations_wallet_request_id_wallet_requests_id_fk" FOREIGN KEY ("wallet_request_id") REFERENCES "public"."wallet_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_did_registrations" ADD CONSTRAINT "account_did_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_password_resets" ADD CONSTRAINT "account_password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_email_codes_purpose_email_uq" ON "account_email_codes" USING btree ("purpose","email");--> statement-breakpoint
CREATE UNIQUE INDEX "account_password_resets_token_uq" ON "account_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_password_resets_user_idx" ON "account_password_resets" USING btree ("user_id");