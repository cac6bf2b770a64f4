CREATE TABLE "rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sales_count" bigint DEFAULT 0 NOT NULL,
	"sales_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paid_at_sale" numeric(20, 2) DEFAULT 0 NOT NULL,
	"payments_count" bigint DEFAULT 0 NOT NULL,
	"payments" numeric(20, 2) DEFAULT 0 NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Per-day totals of all distributors, kept by their own statement-level
-- triggers on sales, returns and payments, days as in migration 0007.
CREATE FUNCTION "rollup_days_sales_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_days" SET "sales_count" = 0, "sales_value" = 0, "paid_at_sale" = 0;
    DELETE FROM "rollup_days" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_days" AS r ("day", "sales_count", "sales_value", "paid_at_sale")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("day") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_days" AS r ("day", "sales_count", "sales_value", "paid_at_sale")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("day") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_sales") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  ELSE
    INSERT INTO "rollup_days" AS r ("day", "sales_count", "sales_value", "paid_at_sale")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales" UNION ALL SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("day") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_sales") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_day_insert" AFTER INSERT ON "sales_transactions" REFERENCING NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_day_update" AFTER UPDATE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_day_delete" AFTER DELETE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_day_truncate" AFTER TRUNCATE ON "sales_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_sales_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_days_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_days" SET "returns_count" = 0, "returns_value" = 0;
    DELETE FROM "rollup_days" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_days" AS r ("day", "returns_count", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_days" AS r ("day", "returns_count", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_returns") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  ELSE
    INSERT INTO "rollup_days" AS r ("day", "returns_count", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_returns") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_day_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_day_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_day_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_day_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_returns_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_days_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_days" SET "payments_count" = 0, "payments" = 0;
    DELETE FROM "rollup_days" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_days" AS r ("day", "payments_count", "payments")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_days" AS r ("day", "payments_count", "payments")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_payments") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  ELSE
    INSERT INTO "rollup_days" AS r ("day", "payments_count", "payments")
    SELECT ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments" UNION ALL SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_days" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_payments") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_day_insert" AFTER INSERT ON "distributor_payments" REFERENCING NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_day_update" AFTER UPDATE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_day_delete" AFTER DELETE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_day_truncate" AFTER TRUNCATE ON "distributor_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_days_payments_changed"();
--> statement-breakpoint
CREATE VIEW "rollup_expected_days" AS
SELECT "day",
  sum("sales_count")::bigint AS "sales_count", sum("sales_value")::numeric(20, 2) AS "sales_value",
  sum("paid_at_sale")::numeric(20, 2) AS "paid_at_sale",
  sum("payments_count")::bigint AS "payments_count", sum("payments")::numeric(20, 2) AS "payments",
  sum("returns_count")::bigint AS "returns_count", sum("returns_value")::numeric(20, 2) AS "returns_value"
FROM (
  SELECT ("created_at" AT TIME ZONE z."time_zone")::date AS "day", 1 AS "sales_count",
    "loaves_taken" * "price_per_loaf" AS "sales_value", "amount_paid" AS "paid_at_sale",
    0 AS "payments_count", 0 AS "payments", 0 AS "returns_count", 0 AS "returns_value"
  FROM "sales_transactions" CROSS JOIN "rollup_settings" AS z
  UNION ALL
  SELECT ("created_at" AT TIME ZONE z."time_zone")::date, 0, 0, 0, 1, "amount", 0, 0
  FROM "distributor_payments" CROSS JOIN "rollup_settings" AS z
  UNION ALL
  SELECT ("created_at" AT TIME ZONE z."time_zone")::date, 0, 0, 0, 0, 0, 1, "loaves_returned" * "price_per_loaf"
  FROM "bread_returns" CROSS JOIN "rollup_settings" AS z
) AS "records"
GROUP BY 1;
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
END $$;
--> statement-breakpoint
INSERT INTO "rollup_days" SELECT * FROM "rollup_expected_days";
