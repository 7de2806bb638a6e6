DROP INDEX "tasks_public_list_idx";--> statement-breakpoint
DROP INDEX "teams_type_created_idx";--> statement-breakpoint
CREATE INDEX "teams_type_subcategory_idx" ON "teams" USING btree ("type","subcategory","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "task_candidates_task_status_idx" ON "task_candidates" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "tasks_public_newest_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tasks"."is_private" = false and "tasks"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "tasks_public_type_idx" ON "tasks" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tasks"."is_private" = false and "tasks"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "tasks_public_category_idx" ON "tasks" USING btree ("category","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tasks"."is_private" = false and "tasks"."status" <> 'PENDING';--> statement-breakpoint
CREATE INDEX "teams_type_created_idx" ON "teams" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);