CREATE TABLE "communities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"parent_id" uuid,
	"leader_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_type_ok" CHECK ("communities"."type" in ('COUNTRY','STATE','CITY','REGION','SCHOOL')),
	CONSTRAINT "communities_root_is_country" CHECK (("communities"."type" = 'COUNTRY') = ("communities"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_role_ok" CHECK ("community_members"."role" in ('MEMBER','ORGANIZER'))
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text DEFAULT 'BUG' NOT NULL,
	"campaign" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachment" text,
	"community_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"author_id" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_parent_id_communities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."communities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_country_idx" ON "communities" USING btree ("country");--> statement-breakpoint
CREATE INDEX "communities_parent_idx" ON "communities" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communities_one_country_root_uq" ON "communities" USING btree ("country") WHERE "communities"."type" = 'COUNTRY';--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_uq" ON "community_members" USING btree ("community_id","user_id");--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_author_created_idx" ON "submissions" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_type_created_idx" ON "submissions" USING btree ("type","created_at");--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- A sub-community lives in its parent's country: the tree under a country never mixes countries.
CREATE FUNCTION "communities_same_country"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."parent_id" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "communities" WHERE "id" = NEW."parent_id" AND "country" = NEW."country"
  ) THEN
    RAISE EXCEPTION 'a sub-community must be in its parent''s country' USING ERRCODE = 'CR003';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "communities_same_country" BEFORE INSERT OR UPDATE OF "parent_id", "country" ON "communities"
  FOR EACH ROW EXECUTE FUNCTION "communities_same_country"();--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_status_ok"
  CHECK ("status" IN ('PENDING', 'APPROVED', 'REJECTED', 'ARCHIVED'));--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_type_ok"
  CHECK ("type" IN ('BUG', 'SECURITY_ISSUE', 'SUGGESTION', 'ADD_COMMUNITY', 'OTHER', 'FORM_EXT', 'EMPOWER_35'));
