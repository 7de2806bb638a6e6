CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"subcategory" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recruiting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_posts" ADD CONSTRAINT "team_posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_posts" ADD CONSTRAINT "team_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_team_user_uq" ON "team_members" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_posts_team_created_idx" ON "team_posts" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "teams_type_created_idx" ON "teams" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "teams_owner_idx" ON "teams" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_type_ck" CHECK ("type" IN ('TEAM', 'CRCLE'));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_role_ck" CHECK ("role" IN ('OWNER', 'MEMBER'));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_status_ck" CHECK ("status" IN ('NORMAL', 'PENDING', 'REJECT'));--> statement-breakpoint
-- A person joins at most 2 CRcles (spec §6): a MEMBER row that is NORMAL or PENDING counts. The person's users
-- row is locked first, so two concurrent joins of one person run one after the other and the second counts
-- the first (READ COMMITTED: each statement sees what committed before it).
CREATE FUNCTION "team_members_crcle_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  joined integer;
BEGIN
  IF NEW."role" <> 'MEMBER' OR NEW."status" NOT IN ('NORMAL', 'PENDING') THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "teams" WHERE "id" = NEW."team_id" AND "type" = 'CRCLE') THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR NO KEY UPDATE;
  SELECT count(*) INTO joined
    FROM "team_members" m JOIN "teams" t ON t."id" = m."team_id"
   WHERE m."user_id" = NEW."user_id" AND m."id" <> NEW."id" AND t."type" = 'CRCLE'
     AND m."role" = 'MEMBER' AND m."status" IN ('NORMAL', 'PENDING');
  IF joined >= 2 THEN
    RAISE EXCEPTION 'You can only join 2 CRcles' USING ERRCODE = 'CR002', HINT = 'team.crcle_limit';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "team_members_crcle_limit" BEFORE INSERT OR UPDATE OF "role", "status", "team_id", "user_id" ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "team_members_crcle_limit"();
