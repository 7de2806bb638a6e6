ALTER TABLE "wallet_requests" ADD COLUMN "tx_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_requests_tx_hash_uq" ON "wallet_requests" USING btree ("tx_hash");