CREATE TABLE "rollup_bread_production_days" (
	"day" date,
	"recipe_name" varchar(200) NOT NULL,
	"status" varchar(20) NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"flour_kg" numeric(20, 3) DEFAULT 0 NOT NULL,
	"loaves" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_bread_production_days_key" UNIQUE NULLS NOT DISTINCT("day","recipe_name","status")
);
--> statement-breakpoint
CREATE TABLE "rollup_distributor_bread_days" (
	"distributor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"sales_count" bigint DEFAULT 0 NOT NULL,
	"loaves_sold" bigint DEFAULT 0 NOT NULL,
	"sales_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paid_at_sale" numeric(20, 2) DEFAULT 0 NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"loaves_returned" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_distributor_bread_days_distributor_id_day_recipe_name_pk" PRIMARY KEY("distributor_id","day","recipe_name")
);
--> statement-breakpoint
CREATE TABLE "rollup_distributor_payment_days" (
	"distributor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payments_count" bigint DEFAULT 0 NOT NULL,
	"payments" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_distributor_payment_days_distributor_id_day_pk" PRIMARY KEY("distributor_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_order_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders_count" bigint DEFAULT 0 NOT NULL,
	"expenditure" numeric(20, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "rollup_settings_one_row" CHECK ("rollup_settings"."id")
);
--> statement-breakpoint
CREATE INDEX "rollup_distributor_bread_days_day_idx" ON "rollup_distributor_bread_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "rollup_distributor_payment_days_day_idx" ON "rollup_distributor_payment_days" USING btree ("day");--> statement-breakpoint
-- The roll-ups are kept by the database, as bread_ledger is: statement-level
-- triggers add what each statement changed (from its transition tables, +1 for
-- a new row, -1 for an old one), so a bulk insert updates each day's row once.
-- A row whose records are all gone is deleted, so a row exists while a record
-- does. Days are in rollup_settings' time zone (rollup_time_zone()).
CREATE FUNCTION "rollup_time_zone"() RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE zone text;
BEGIN
  SELECT "time_zone" INTO zone FROM "rollup_settings";
  IF zone IS NULL THEN
    RAISE EXCEPTION 'rollup_settings holds no time zone: the roll-ups cannot be kept';
  END IF;
  RETURN zone;
END $$;
--> statement-breakpoint
CREATE FUNCTION "rollup_sales_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_bread_days" SET "sales_count" = 0, "loaves_sold" = 0, "sales_value" = 0, "paid_at_sale" = 0;
    DELETE FROM "rollup_distributor_bread_days" WHERE "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "sales_count", "loaves_sold", "sales_value", "paid_at_sale")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_taken"), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken") <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "loaves_sold" = r."loaves_sold" + excluded."loaves_sold", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "sales_count", "loaves_sold", "sales_value", "paid_at_sale")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_taken"), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken") <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "loaves_sold" = r."loaves_sold" + excluded."loaves_sold", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_distributor_bread_days" AS r WHERE r."sales_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name" FROM "old_sales") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name");
  ELSE
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "sales_count", "loaves_sold", "sales_value", "paid_at_sale")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_taken"), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales" UNION ALL SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken") <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "loaves_sold" = r."loaves_sold" + excluded."loaves_sold", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_distributor_bread_days" AS r WHERE r."sales_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name" FROM "old_sales") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_rollup_insert" AFTER INSERT ON "sales_transactions" REFERENCING NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_rollup_update" AFTER UPDATE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_rollup_delete" AFTER DELETE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_rollup_truncate" AFTER TRUNCATE ON "sales_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_sales_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_bread_days" SET "returns_count" = 0, "loaves_returned" = 0, "returns_value" = 0;
    DELETE FROM "rollup_distributor_bread_days" WHERE "sales_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_bread_days" AS r WHERE r."sales_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name" FROM "old_returns") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name");
  ELSE
    INSERT INTO "rollup_distributor_bread_days" AS r ("distributor_id", "day", "recipe_name", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, "recipe_name", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "day", "recipe_name") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_bread_days" AS r WHERE r."sales_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name" FROM "old_returns") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_rollup_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_rollup_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_rollup_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_rollup_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_returns_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_distributor_payment_days";
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_payment_days" AS r ("distributor_id", "day", "payments_count", "payments")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("distributor_id", "day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_payment_days" AS r ("distributor_id", "day", "payments_count", "payments")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("distributor_id", "day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_distributor_payment_days" AS r WHERE r."payments_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_payments") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day");
  ELSE
    INSERT INTO "rollup_distributor_payment_days" AS r ("distributor_id", "day", "payments_count", "payments")
    SELECT "distributor_id", ("created_at" AT TIME ZONE zone)::date, sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments" UNION ALL SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("distributor_id", "day") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_distributor_payment_days" AS r WHERE r."payments_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", ("created_at" AT TIME ZONE zone)::date AS "day" FROM "old_payments") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."day" IS NOT DISTINCT FROM o."day");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_rollup_insert" AFTER INSERT ON "distributor_payments" REFERENCING NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_rollup_update" AFTER UPDATE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_rollup_delete" AFTER DELETE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_rollup_truncate" AFTER TRUNCATE ON "distributor_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_payments_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_batches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_bread_production_days";
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_bread_production_days" AS r ("day", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT ("started_at" AT TIME ZONE zone)::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ON CONSTRAINT "rollup_bread_production_days_key" DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_bread_production_days" AS r ("day", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT ("started_at" AT TIME ZONE zone)::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT -1 AS sign, * FROM "old_batches") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ON CONSTRAINT "rollup_bread_production_days_key" DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_bread_production_days" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("started_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name", "status" AS "status" FROM "old_batches") AS o WHERE r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name" AND r."status" IS NOT DISTINCT FROM o."status");
  ELSE
    INSERT INTO "rollup_bread_production_days" AS r ("day", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT ("started_at" AT TIME ZONE zone)::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches" UNION ALL SELECT -1 AS sign, * FROM "old_batches") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ON CONSTRAINT "rollup_bread_production_days_key" DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_bread_production_days" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("started_at" AT TIME ZONE zone)::date AS "day", "recipe_name" AS "recipe_name", "status" AS "status" FROM "old_batches") AS o WHERE r."day" IS NOT DISTINCT FROM o."day" AND r."recipe_name" IS NOT DISTINCT FROM o."recipe_name" AND r."status" IS NOT DISTINCT FROM o."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "production_batches_rollup_insert" AFTER INSERT ON "production_batches" REFERENCING NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_rollup_update" AFTER UPDATE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_rollup_delete" AFTER DELETE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batches_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_rollup_truncate" AFTER TRUNCATE ON "production_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batches_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_order_days";
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_order_days" AS r ("day", "orders_count", "expenditure")
    SELECT ("order_date" AT TIME ZONE zone)::date, sum(sign), sum(sign * "total_amount")
    FROM (SELECT 1 AS sign, * FROM "new_orders" WHERE "status" <> 'cancelled') AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "total_amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count", "expenditure" = r."expenditure" + excluded."expenditure";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_order_days" AS r ("day", "orders_count", "expenditure")
    SELECT ("order_date" AT TIME ZONE zone)::date, sum(sign), sum(sign * "total_amount")
    FROM (SELECT -1 AS sign, * FROM "old_orders" WHERE "status" <> 'cancelled') AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "total_amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count", "expenditure" = r."expenditure" + excluded."expenditure";
    DELETE FROM "rollup_order_days" AS r WHERE r."orders_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("order_date" AT TIME ZONE zone)::date AS "day" FROM "old_orders") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  ELSE
    INSERT INTO "rollup_order_days" AS r ("day", "orders_count", "expenditure")
    SELECT ("order_date" AT TIME ZONE zone)::date, sum(sign), sum(sign * "total_amount")
    FROM (SELECT 1 AS sign, * FROM "new_orders" WHERE "status" <> 'cancelled' UNION ALL SELECT -1 AS sign, * FROM "old_orders" WHERE "status" <> 'cancelled') AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "total_amount") <> 0
    ON CONFLICT ("day") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count", "expenditure" = r."expenditure" + excluded."expenditure";
    DELETE FROM "rollup_order_days" AS r WHERE r."orders_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("order_date" AT TIME ZONE zone)::date AS "day" FROM "old_orders") AS o WHERE r."day" IS NOT DISTINCT FROM o."day");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_rollup_insert" AFTER INSERT ON "purchase_orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_rollup_update" AFTER UPDATE ON "purchase_orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_rollup_delete" AFTER DELETE ON "purchase_orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_orders_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_rollup_truncate" AFTER TRUNCATE ON "purchase_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_orders_changed"();
--> statement-breakpoint
-- What each roll-up should hold, recomputed from the raw rows: the rebuild
-- loads these, and `npm run verify` compares them with the roll-ups.
CREATE VIEW "rollup_expected_distributor_bread_days" AS
SELECT "distributor_id", "day", "recipe_name",
  sum("sales_count")::bigint AS "sales_count", sum("loaves_sold")::bigint AS "loaves_sold",
  sum("sales_value")::numeric(20, 2) AS "sales_value", sum("paid_at_sale")::numeric(20, 2) AS "paid_at_sale",
  sum("returns_count")::bigint AS "returns_count", sum("loaves_returned")::bigint AS "loaves_returned",
  sum("returns_value")::numeric(20, 2) AS "returns_value"
FROM (
  SELECT "distributor_id", ("created_at" AT TIME ZONE z."time_zone")::date AS "day", "recipe_name",
    1 AS "sales_count", "loaves_taken" AS "loaves_sold", "loaves_taken" * "price_per_loaf" AS "sales_value",
    "amount_paid" AS "paid_at_sale", 0 AS "returns_count", 0 AS "loaves_returned", 0 AS "returns_value"
  FROM "sales_transactions" CROSS JOIN "rollup_settings" AS z
  UNION ALL
  SELECT "distributor_id", ("created_at" AT TIME ZONE z."time_zone")::date, "recipe_name",
    0, 0, 0, 0, 1, "loaves_returned", "loaves_returned" * "price_per_loaf"
  FROM "bread_returns" CROSS JOIN "rollup_settings" AS z
) AS "records"
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW "rollup_expected_distributor_payment_days" AS
SELECT "distributor_id", ("created_at" AT TIME ZONE z."time_zone")::date AS "day",
  count(*)::bigint AS "payments_count", sum("amount")::numeric(20, 2) AS "payments"
FROM "distributor_payments" CROSS JOIN "rollup_settings" AS z
GROUP BY 1, 2;
--> statement-breakpoint
CREATE VIEW "rollup_expected_bread_production_days" AS
SELECT ("started_at" AT TIME ZONE z."time_zone")::date AS "day", "recipe_name", "status",
  count(*)::bigint AS "batches", sum("flour_kg")::numeric(20, 3) AS "flour_kg",
  sum(coalesce("loaves_produced", 0))::bigint AS "loaves"
FROM "production_batches" CROSS JOIN "rollup_settings" AS z
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW "rollup_expected_order_days" AS
SELECT ("order_date" AT TIME ZONE z."time_zone")::date AS "day",
  count(*)::bigint AS "orders_count", sum("total_amount")::numeric(20, 2) AS "expenditure"
FROM "purchase_orders" CROSS JOIN "rollup_settings" AS z
WHERE "status" <> 'cancelled'
GROUP BY 1;
--> statement-breakpoint
-- Empties every roll-up and fills it again from the raw rows, in the caller's
-- transaction; writers wait (SHARE locks) so none is counted twice or missed.
CREATE FUNCTION "rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
-- Built in the default zone; start-up rebuilds them if BAKERY_TZ is another.
INSERT INTO "rollup_settings" ("time_zone") VALUES ('Africa/Lagos');
--> statement-breakpoint
SELECT "rollup_rebuild"();
