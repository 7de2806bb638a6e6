-- The hashes of a tracking message and of its review as published (docs/verify.md "Archive"): set once, when the
-- secretary general publishes the entry. Entries published before this migration are hashed as they are now.
ALTER TABLE "proposal_tracking" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "proposal_tracking" ADD COLUMN "review_hash" text;--> statement-breakpoint
UPDATE "proposal_tracking" SET
  "content_hash" = '0x' || encode(sha256(convert_to("content", 'UTF8')), 'hex'),
  "review_hash" = '0x' || encode(sha256(convert_to(coalesce("review_comment", ''), 'UTF8')), 'hex')
WHERE "status" = 'PUBLISHED';
