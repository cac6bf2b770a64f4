CREATE TABLE "rollup_distributor_breads" (
	"distributor_id" uuid NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"loaves_taken" bigint DEFAULT 0 NOT NULL,
	"highest_price" numeric(14, 2),
	"loaves_returned" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_distributor_breads_distributor_id_recipe_name_pk" PRIMARY KEY("distributor_id","recipe_name")
);

--> statement-breakpoint
-- Per distributor and bread, all days together: loaves taken, the highest
-- price paid and loaves returned, so a return's check reads one row instead
-- of summing the distributor's sales of that bread. Kept by statement-level
-- triggers like the other roll-ups. The highest price only rises on insert;
-- after a sale is deleted or changed (never by the app: a restore, psql) it
-- is taken again from that distributor's sales of the bread.
CREATE FUNCTION "rollup_distributor_breads_sales_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_breads" SET "loaves_taken" = 0, "highest_price" = NULL;
    DELETE FROM "rollup_distributor_breads" WHERE "loaves_taken" = 0 AND "loaves_returned" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_taken", "highest_price")
    SELECT "distributor_id", "recipe_name", sum("loaves_taken"), max("price_per_loaf")
    FROM "new_sales" GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_taken" = r."loaves_taken" + excluded."loaves_taken", "highest_price" = greatest(r."highest_price", excluded."highest_price");
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_taken")
    SELECT "distributor_id", "recipe_name", -sum("loaves_taken") FROM "old_sales" GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_taken" = r."loaves_taken" + excluded."loaves_taken";
  ELSE
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_taken")
    SELECT "distributor_id", "recipe_name", sum(sign * "loaves_taken")
    FROM (SELECT 1 AS sign, * FROM "new_sales" UNION ALL SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_taken" = r."loaves_taken" + excluded."loaves_taken";
    UPDATE "rollup_distributor_breads" AS r SET "highest_price" = (
      SELECT max(s."price_per_loaf") FROM "sales_transactions" AS s
      WHERE s."distributor_id" = r."distributor_id" AND s."recipe_name" = r."recipe_name")
    WHERE (r."distributor_id", r."recipe_name") IN (SELECT "distributor_id", "recipe_name" FROM "new_sales");
  END IF;
  UPDATE "rollup_distributor_breads" AS r SET "highest_price" = (
    SELECT max(s."price_per_loaf") FROM "sales_transactions" AS s
    WHERE s."distributor_id" = r."distributor_id" AND s."recipe_name" = r."recipe_name")
  WHERE (r."distributor_id", r."recipe_name") IN (SELECT "distributor_id", "recipe_name" FROM "old_sales");
  DELETE FROM "rollup_distributor_breads" AS r WHERE r."loaves_taken" = 0 AND r."loaves_returned" = 0
    AND (r."distributor_id", r."recipe_name") IN (SELECT "distributor_id", "recipe_name" FROM "old_sales");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_distributor_bread_insert" AFTER INSERT ON "sales_transactions" REFERENCING NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_distributor_bread_update" AFTER UPDATE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_distributor_bread_delete" AFTER DELETE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_distributor_bread_truncate" AFTER TRUNCATE ON "sales_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_sales_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_distributor_breads_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_breads" SET "loaves_returned" = 0;
    DELETE FROM "rollup_distributor_breads" WHERE "loaves_taken" = 0 AND "loaves_returned" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_returned")
    SELECT "distributor_id", "recipe_name", sum("loaves_returned") FROM "new_returns" GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_returned" = r."loaves_returned" + excluded."loaves_returned";
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_returned")
    SELECT "distributor_id", "recipe_name", -sum("loaves_returned") FROM "old_returns" GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_returned" = r."loaves_returned" + excluded."loaves_returned";
  ELSE
    INSERT INTO "rollup_distributor_breads" AS r ("distributor_id", "recipe_name", "loaves_returned")
    SELECT "distributor_id", "recipe_name", sum(sign * "loaves_returned")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2
    ON CONFLICT ("distributor_id", "recipe_name") DO UPDATE SET "loaves_returned" = r."loaves_returned" + excluded."loaves_returned";
  END IF;
  DELETE FROM "rollup_distributor_breads" AS r WHERE r."loaves_taken" = 0 AND r."loaves_returned" = 0
    AND (r."distributor_id", r."recipe_name") IN (SELECT "distributor_id", "recipe_name" FROM "old_returns");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_distributor_bread_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_distributor_bread_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_distributor_bread_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_distributor_bread_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_distributor_breads_returns_changed"();
--> statement-breakpoint
CREATE VIEW "rollup_expected_distributor_breads" AS
SELECT "distributor_id", "recipe_name", sum("taken")::bigint AS "loaves_taken", max("price")::numeric(14, 2) AS "highest_price", sum("returned")::bigint AS "loaves_returned"
FROM (
  SELECT "distributor_id", "recipe_name", "loaves_taken" AS "taken", "price_per_loaf" AS "price", 0 AS "returned" FROM "sales_transactions"
  UNION ALL
  SELECT "distributor_id", "recipe_name", 0, NULL, "loaves_returned" FROM "bread_returns"
) AS "records"
GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rollup_time_zone"();
  LOCK TABLE "sales_transactions", "bread_returns", "distributor_payments", "production_batches", "purchase_orders" IN SHARE MODE;
  DELETE FROM "rollup_distributor_bread_days";
  INSERT INTO "rollup_distributor_bread_days" SELECT * FROM "rollup_expected_distributor_bread_days";
  DELETE FROM "rollup_distributor_payment_days";
  INSERT INTO "rollup_distributor_payment_days" SELECT * FROM "rollup_expected_distributor_payment_days";
  DELETE FROM "rollup_bread_production_days";
  INSERT INTO "rollup_bread_production_days" SELECT * FROM "rollup_expected_bread_production_days";
  DELETE FROM "rollup_order_days";
  INSERT INTO "rollup_order_days" SELECT * FROM "rollup_expected_order_days";
  DELETE FROM "rollup_distributor_accounts";
  INSERT INTO "rollup_distributor_accounts" SELECT * FROM "rollup_expected_distributor_accounts";
  DELETE FROM "rollup_days";
  INSERT INTO "rollup_days" SELECT * FROM "rollup_expected_days";
  DELETE FROM "rollup_return_days";
  INSERT INTO "rollup_return_days" SELECT * FROM "rollup_expected_return_days";
  DELETE FROM "rollup_distributor_months";
  INSERT INTO "rollup_distributor_months" SELECT * FROM "rollup_expected_distributor_months";
  DELETE FROM "rollup_distributor_return_reasons";
  INSERT INTO "rollup_distributor_return_reasons" SELECT * FROM "rollup_expected_distributor_return_reasons";
  DELETE FROM "rollup_batch_statuses";
  INSERT INTO "rollup_batch_statuses" SELECT * FROM "rollup_expected_batch_statuses";
  DELETE FROM "rollup_bread_production_months";
  INSERT INTO "rollup_bread_production_months" SELECT * FROM "rollup_expected_bread_production_months";
  DELETE FROM "rollup_order_statuses";
  INSERT INTO "rollup_order_statuses" SELECT * FROM "rollup_expected_order_statuses";
  DELETE FROM "rollup_distributor_breads";
  INSERT INTO "rollup_distributor_breads" SELECT * FROM "rollup_expected_distributor_breads";
END $$;
--> statement-breakpoint
INSERT INTO "rollup_distributor_breads" SELECT * FROM "rollup_expected_distributor_breads";
