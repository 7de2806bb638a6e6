ALTER TABLE "proposals" ADD COLUMN "elip_id" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_elip_id_elips_id_fk" FOREIGN KEY ("elip_id") REFERENCES "public"."elips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_elip_uq" ON "proposals" USING btree ("elip_id");