CREATE TABLE "chain_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mode" text DEFAULT 'relay' NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"dedupe_key" text,
	"chain_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"data" text DEFAULT '0x' NOT NULL,
	"value" numeric(78, 0) DEFAULT '0' NOT NULL,
	"from_address" text,
	"depends_on_id" uuid,
	"status" text DEFAULT 'unchain' NOT NULL,
	"tx_hash" text,
	"nonce" bigint,
	"raw_tx" text,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"failure_type" text,
	"failure_reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_cursor" (
	"stream" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_events" (
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"block_hash" text NOT NULL,
	"tx_hash" text NOT NULL,
	"stream" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"args" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_events_block_number_log_index_pk" PRIMARY KEY("block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "chain_head" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	"avg_block_ms" integer,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "chain_actions" ADD CONSTRAINT "chain_actions_depends_on_id_chain_actions_id_fk" FOREIGN KEY ("depends_on_id") REFERENCES "public"."chain_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_actions_tx_hash_uq" ON "chain_actions" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_actions_dedupe_key_uq" ON "chain_actions" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_actions_sender_nonce_uq" ON "chain_actions" USING btree ("chain_id","from_address","nonce");--> statement-breakpoint
CREATE INDEX "chain_actions_open_idx" ON "chain_actions" USING btree ("status","updated_at") WHERE "chain_actions"."status" in ('unchain', 'chaining');--> statement-breakpoint
CREATE INDEX "chain_actions_subject_idx" ON "chain_actions" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "chain_events_stream_name_idx" ON "chain_events" USING btree ("stream","name","block_number");--> statement-breakpoint
CREATE INDEX "chain_events_tx_idx" ON "chain_events" USING btree ("tx_hash");