DROP INDEX "proposals_status_number_idx";--> statement-breakpoint
DROP INDEX "proposals_number_idx";--> statement-breakpoint
DROP INDEX "proposals_created_idx";--> statement-breakpoint
CREATE INDEX "proposals_status_created_idx" ON "proposals" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"type");--> statement-breakpoint
CREATE INDEX "proposals_status_number_idx" ON "proposals" USING btree ("status","number" DESC NULLS LAST,"created_at" DESC NULLS LAST,"type","id");--> statement-breakpoint
CREATE INDEX "proposals_number_idx" ON "proposals" USING btree ("number" DESC NULLS LAST,"created_at" DESC NULLS LAST,"status","type","id");--> statement-breakpoint
CREATE INDEX "proposals_created_idx" ON "proposals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status","type");