DROP INDEX "suggestions_status_number_idx";--> statement-breakpoint
DROP INDEX "suggestions_status_likes_idx";--> statement-breakpoint
DROP INDEX "suggestions_status_views_idx";--> statement-breakpoint
DROP INDEX "suggestions_status_activeness_idx";--> statement-breakpoint
DROP INDEX "suggestions_status_signed_number_idx";--> statement-breakpoint
CREATE INDEX "suggestions_status_number_idx" ON "suggestions" USING btree ("status","number" DESC NULLS LAST,"signed","type","id");--> statement-breakpoint
CREATE INDEX "suggestions_status_likes_idx" ON "suggestions" USING btree ("status","likes_num" DESC NULLS LAST,"number" DESC NULLS LAST,"signed","type","id");--> statement-breakpoint
CREATE INDEX "suggestions_status_views_idx" ON "suggestions" USING btree ("status","views_num" DESC NULLS LAST,"number" DESC NULLS LAST,"signed","type","id");--> statement-breakpoint
CREATE INDEX "suggestions_status_activeness_idx" ON "suggestions" USING btree ("status","activeness" DESC NULLS LAST,"number" DESC NULLS LAST,"signed","type","id");--> statement-breakpoint
CREATE INDEX "suggestions_status_signed_number_idx" ON "suggestions" USING btree ("status","signed","number" DESC NULLS LAST,"type","id");