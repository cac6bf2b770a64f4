CREATE TABLE "bread_ledger" (
	"recipe_name" varchar(200) PRIMARY KEY NOT NULL,
	"loaves_baked" bigint DEFAULT 0 NOT NULL,
	"loaves_sold" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "production_batches_completed_newest_idx" ON "production_batches" USING btree ("recipe_name","completed_at" DESC NULLS LAST,"batch_number" DESC NULLS LAST) WHERE "production_batches"."status" = 'completed';--> statement-breakpoint
-- The ledger is kept by the database: statement-level triggers add what each
-- statement changed (from its transition tables), so a bulk insert of a
-- million sales updates each bread's row once. Returns do not put loaves back.
CREATE FUNCTION "bread_ledger_batches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "bread_ledger" SET "loaves_baked" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_baked")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", coalesce("loaves_produced", 0) AS "loaves" FROM "new_batches" WHERE "status" = 'completed') AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_baked" = l."loaves_baked" + excluded."loaves_baked";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_baked")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", -coalesce("loaves_produced", 0) AS "loaves" FROM "old_batches" WHERE "status" = 'completed') AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_baked" = l."loaves_baked" + excluded."loaves_baked";
  ELSE
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_baked")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", coalesce("loaves_produced", 0) AS "loaves" FROM "new_batches" WHERE "status" = 'completed' UNION ALL SELECT "recipe_name", -coalesce("loaves_produced", 0) AS "loaves" FROM "old_batches" WHERE "status" = 'completed') AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_baked" = l."loaves_baked" + excluded."loaves_baked";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bread_ledger_sales_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "bread_ledger" SET "loaves_sold" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_sold")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", "loaves_taken" AS "loaves" FROM "new_sales") AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_sold" = l."loaves_sold" + excluded."loaves_sold";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_sold")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", -"loaves_taken" AS "loaves" FROM "old_sales") AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_sold" = l."loaves_sold" + excluded."loaves_sold";
  ELSE
    INSERT INTO "bread_ledger" AS l ("recipe_name", "loaves_sold")
    SELECT "recipe_name", sum("loaves") FROM (SELECT "recipe_name", "loaves_taken" AS "loaves" FROM "new_sales" UNION ALL SELECT "recipe_name", -"loaves_taken" AS "loaves" FROM "old_sales") AS "changed"
    GROUP BY "recipe_name" HAVING sum("loaves") <> 0
    ON CONFLICT ("recipe_name") DO UPDATE SET "loaves_sold" = l."loaves_sold" + excluded."loaves_sold";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "production_batches_ledger_insert" AFTER INSERT ON "production_batches" REFERENCING NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_ledger_update" AFTER UPDATE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_ledger_delete" AFTER DELETE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_ledger_truncate" AFTER TRUNCATE ON "production_batches" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_ledger_insert" AFTER INSERT ON "sales_transactions" REFERENCING NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_ledger_update" AFTER UPDATE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_ledger_delete" AFTER DELETE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_ledger_truncate" AFTER TRUNCATE ON "sales_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "bread_ledger_sales_changed"();
--> statement-breakpoint
INSERT INTO "bread_ledger" ("recipe_name", "loaves_baked", "loaves_sold")
SELECT "recipe_name", sum("baked"), sum("sold") FROM (
  SELECT "recipe_name", coalesce("loaves_produced", 0) AS "baked", 0 AS "sold"
    FROM "production_batches" WHERE "status" = 'completed'
  UNION ALL
  SELECT "recipe_name", 0, "loaves_taken" FROM "sales_transactions"
) AS "existing"
GROUP BY "recipe_name";
