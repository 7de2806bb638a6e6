DROP INDEX "chain_actions_tx_hash_uq";--> statement-breakpoint
DROP INDEX "chain_actions_sender_nonce_uq";--> statement-breakpoint
ALTER TABLE "chain_actions" ADD COLUMN "batch_index" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_actions_tx_hash_uq" ON "chain_actions" USING btree ("tx_hash",coalesce("batch_index", -1));--> statement-breakpoint
CREATE UNIQUE INDEX "chain_actions_sender_nonce_uq" ON "chain_actions" USING btree ("chain_id","from_address","nonce",coalesce("batch_index", -1));