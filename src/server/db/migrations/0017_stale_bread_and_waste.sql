CREATE TABLE "bread_waste" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"loaves" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"source" varchar(20) NOT NULL,
	"bread_return_id" uuid,
	"production_batch_id" uuid,
	"cost_per_loaf" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"notes" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bread_waste_loaves_check" CHECK ("bread_waste"."loaves" >= 1),
	CONSTRAINT "bread_waste_reason_check" CHECK ("bread_waste"."reason" in ('stale', 'damaged', 'given_away', 'staff')),
	CONSTRAINT "bread_waste_source_check" CHECK ("bread_waste"."source" in ('fresh', 'stale', 'returned')),
	CONSTRAINT "bread_waste_return_check" CHECK (("bread_waste"."source" = 'returned') = ("bread_waste"."bread_return_id" is not null)),
	CONSTRAINT "bread_waste_cost_check" CHECK ("bread_waste"."cost_per_loaf" >= 0 and "bread_waste"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stale_loaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"loaves" integer NOT NULL,
	"stale_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stale_loaves_loaves_check" CHECK ("stale_loaves"."loaves" >= 1)
);
--> statement-breakpoint
ALTER TABLE "bread_ledger" ADD COLUMN "loaves_gone_stale" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bread_ledger" ADD COLUMN "loaves_wasted_fresh" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bread_ledger" ADD COLUMN "loaves_wasted_stale" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "bread_waste" ADD CONSTRAINT "bread_waste_bread_return_id_bread_returns_id_fk" FOREIGN KEY ("bread_return_id") REFERENCES "public"."bread_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bread_waste" ADD CONSTRAINT "bread_waste_production_batch_id_production_batches_id_fk" FOREIGN KEY ("production_batch_id") REFERENCES "public"."production_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bread_waste" ADD CONSTRAINT "bread_waste_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bread_waste_created_idx" ON "bread_waste" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bread_waste_return_idx" ON "bread_waste" USING btree ("bread_return_id");--> statement-breakpoint
CREATE INDEX "stale_loaves_recipe_idx" ON "stale_loaves" USING btree ("recipe_name","created_at");--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_shelf_life_check" CHECK ("recipes"."shelf_life_days" is null or "recipes"."shelf_life_days" between 1 and 60);--> statement-breakpoint
-- The ledger's new columns are kept like its first two (migration 0004):
-- statement-level triggers add what each statement changed. Each column has
-- one source table, so a TRUNCATE of that table sets it to 0.
CREATE FUNCTION "bread_ledger_stale_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "bread_ledger" SET "loaves_gone_stale" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_gone_stale")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", "loaves" FROM "new_stale") AS "changed" ("recipe_name", "loaves")
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_gone_stale" = l."loaves_gone_stale" + excluded."loaves_gone_stale";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_gone_stale")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", -"loaves" FROM "old_stale") AS "changed" ("recipe_name", "loaves")
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_gone_stale" = l."loaves_gone_stale" + excluded."loaves_gone_stale";
  ELSE
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_gone_stale")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", "loaves" FROM "new_stale" UNION ALL SELECT "recipe_name", -"loaves" FROM "old_stale") AS "changed" ("recipe_name", "loaves")
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_gone_stale" = l."loaves_gone_stale" + excluded."loaves_gone_stale";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bread_ledger_waste_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "bread_ledger" SET "loaves_wasted_fresh" = 0, "loaves_wasted_stale" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_wasted_fresh", "loaves_wasted_stale")
    SELECT "recipe_name", sum("fresh"), sum("stale") FROM (SELECT "recipe_name", CASE WHEN "source" = 'fresh' THEN "loaves" ELSE 0 END, CASE WHEN "source" = 'stale' THEN "loaves" ELSE 0 END FROM "new_waste") AS "changed" ("recipe_name", "fresh", "stale")
    GROUP BY "recipe_name" HAVING sum("fresh") <> 0 OR sum("stale") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET
      "loaves_wasted_fresh" = l."loaves_wasted_fresh" + excluded."loaves_wasted_fresh",
      "loaves_wasted_stale" = l."loaves_wasted_stale" + excluded."loaves_wasted_stale";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_wasted_fresh", "loaves_wasted_stale")
    SELECT "recipe_name", sum("fresh"), sum("stale") FROM (SELECT "recipe_name", -CASE WHEN "source" = 'fresh' THEN "loaves" ELSE 0 END, -CASE WHEN "source" = 'stale' THEN "loaves" ELSE 0 END FROM "old_waste") AS "changed" ("recipe_name", "fresh", "stale")
    GROUP BY "recipe_name" HAVING sum("fresh") <> 0 OR sum("stale") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET
      "loaves_wasted_fresh" = l."loaves_wasted_fresh" + excluded."loaves_wasted_fresh",
      "loaves_wasted_stale" = l."loaves_wasted_stale" + excluded."loaves_wasted_stale";
  ELSE
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_wasted_fresh", "loaves_wasted_stale")
    SELECT "recipe_name", sum("fresh"), sum("stale") FROM (SELECT "recipe_name", CASE WHEN "source" = 'fresh' THEN "loaves" ELSE 0 END, CASE WHEN "source" = 'stale' THEN "loaves" ELSE 0 END FROM "new_waste" UNION ALL SELECT "recipe_name", -CASE WHEN "source" = 'fresh' THEN "loaves" ELSE 0 END, -CASE WHEN "source" = 'stale' THEN "loaves" ELSE 0 END FROM "old_waste") AS "changed" ("recipe_name", "fresh", "stale")
    GROUP BY "recipe_name" HAVING sum("fresh") <> 0 OR sum("stale") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET
      "loaves_wasted_fresh" = l."loaves_wasted_fresh" + excluded."loaves_wasted_fresh",
      "loaves_wasted_stale" = l."loaves_wasted_stale" + excluded."loaves_wasted_stale";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stale_loaves_ledger_insert" AFTER INSERT ON "stale_loaves" REFERENCING NEW TABLE AS "new_stale" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_stale_changed"();
--> statement-breakpoint
CREATE TRIGGER "stale_loaves_ledger_update" AFTER UPDATE ON "stale_loaves" REFERENCING OLD TABLE AS "old_stale" NEW TABLE AS "new_stale" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_stale_changed"();
--> statement-breakpoint
CREATE TRIGGER "stale_loaves_ledger_delete" AFTER DELETE ON "stale_loaves" REFERENCING OLD TABLE AS "old_stale" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_stale_changed"();
--> statement-breakpoint
CREATE TRIGGER "stale_loaves_ledger_truncate" AFTER TRUNCATE ON "stale_loaves" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_stale_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_waste_ledger_insert" AFTER INSERT ON "bread_waste" REFERENCING NEW TABLE AS "new_waste" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_waste_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_waste_ledger_update" AFTER UPDATE ON "bread_waste" REFERENCING OLD TABLE AS "old_waste" NEW TABLE AS "new_waste" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_waste_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_waste_ledger_delete" AFTER DELETE ON "bread_waste" REFERENCING OLD TABLE AS "old_waste" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_waste_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_waste_ledger_truncate" AFTER TRUNCATE ON "bread_waste" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_waste_changed"();
