CREATE TABLE "rollup_distributor_months" (
	"month" date NOT NULL,
	"distributor_id" uuid NOT NULL,
	"sales_count" bigint DEFAULT 0 NOT NULL,
	"sales_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paid_at_sale" numeric(20, 2) DEFAULT 0 NOT NULL,
	"payments_count" bigint DEFAULT 0 NOT NULL,
	"payments" numeric(20, 2) DEFAULT 0 NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_distributor_months_month_distributor_id_pk" PRIMARY KEY("month","distributor_id")
);
--> statement-breakpoint
CREATE TABLE "rollup_distributor_return_reasons" (
	"distributor_id" uuid NOT NULL,
	"reason" varchar(20) NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"loaves_returned" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_distributor_return_reasons_distributor_id_reason_pk" PRIMARY KEY("distributor_id","reason")
);
--> statement-breakpoint
CREATE TABLE "rollup_batch_statuses" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"flour_kg" numeric(20, 3) DEFAULT 0 NOT NULL,
	"loaves" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "production_batches_completed_history_idx" ON "production_batches" USING btree ("completed_at" DESC NULLS LAST,"batch_number" DESC NULLS LAST) WHERE "production_batches"."status" = 'completed';--> statement-breakpoint
-- Totals per bakery month and distributor, all distributors' months summed
-- for a date range's whole months (the days at its edges come from the daily
-- roll-ups); all-time returns per distributor and reason; all-time batches
-- per status. Kept by statement-level triggers, as the roll-ups of 0007.
CREATE FUNCTION "rollup_months_sales_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_months" SET "sales_count" = 0, "sales_value" = 0, "paid_at_sale" = 0;
    DELETE FROM "rollup_distributor_months" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "sales_count", "sales_value", "paid_at_sale")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "sales_count", "sales_value", "paid_at_sale")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_sales") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  ELSE
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "sales_count", "sales_value", "paid_at_sale")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_taken" * "price_per_loaf"), sum(sign * "amount_paid")
    FROM (SELECT 1 AS sign, * FROM "new_sales" UNION ALL SELECT -1 AS sign, * FROM "old_sales") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_taken" * "price_per_loaf") <> 0 OR sum(sign * "amount_paid") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_sales") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_month_insert" AFTER INSERT ON "sales_transactions" REFERENCING NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_month_update" AFTER UPDATE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" NEW TABLE AS "new_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_month_delete" AFTER DELETE ON "sales_transactions" REFERENCING OLD TABLE AS "old_sales" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_sales_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_transactions_month_truncate" AFTER TRUNCATE ON "sales_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_sales_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_months_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_months" SET "payments_count" = 0, "payments" = 0;
    DELETE FROM "rollup_distributor_months" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "payments_count", "payments")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "payments_count", "payments")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "amount")
    FROM (SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_payments") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  ELSE
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "payments_count", "payments")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "amount")
    FROM (SELECT 1 AS sign, * FROM "new_payments" UNION ALL SELECT -1 AS sign, * FROM "old_payments") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "amount") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_payments") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_month_insert" AFTER INSERT ON "distributor_payments" REFERENCING NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_month_update" AFTER UPDATE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_month_delete" AFTER DELETE ON "distributor_payments" REFERENCING OLD TABLE AS "old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_payments_changed"();
--> statement-breakpoint
CREATE TRIGGER "distributor_payments_month_truncate" AFTER TRUNCATE ON "distributor_payments" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_payments_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_months_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_months" SET "returns_count" = 0, "returns_value" = 0;
    DELETE FROM "rollup_distributor_months" WHERE "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "returns_count", "returns_value")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "returns_count", "returns_value")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_returns") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  ELSE
    INSERT INTO "rollup_distributor_months" AS r ("month", "distributor_id", "returns_count", "returns_value")
    SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date, "distributor_id", sum(sign), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("month", "distributor_id") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_months" AS r WHERE r."sales_count" = 0 AND r."payments_count" = 0 AND r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("created_at" AT TIME ZONE zone))::date AS "month", "distributor_id" AS "distributor_id" FROM "old_returns") AS o WHERE r."month" IS NOT DISTINCT FROM o."month" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_month_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_month_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_month_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_returns_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_month_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_returns_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_return_reasons_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_distributor_return_reasons" SET "returns_count" = 0, "loaves_returned" = 0, "returns_value" = 0;
    DELETE FROM "rollup_distributor_return_reasons" WHERE "returns_count" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_distributor_return_reasons" AS r ("distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_distributor_return_reasons" AS r ("distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_return_reasons" AS r WHERE r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", "reason" AS "reason" FROM "old_returns") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."reason" IS NOT DISTINCT FROM o."reason");
  ELSE
    INSERT INTO "rollup_distributor_return_reasons" AS r ("distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_distributor_return_reasons" AS r WHERE r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "distributor_id" AS "distributor_id", "reason" AS "reason" FROM "old_returns") AS o WHERE r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."reason" IS NOT DISTINCT FROM o."reason");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_total_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_reasons_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_total_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_reasons_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_total_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_reasons_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_total_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_reasons_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_batch_statuses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "rollup_batch_statuses" SET "batches" = 0, "flour_kg" = 0, "loaves" = 0;
    DELETE FROM "rollup_batch_statuses" WHERE "batches" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_batch_statuses" AS r ("status", "batches", "flour_kg", "loaves")
    SELECT "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_batch_statuses" AS r ("status", "batches", "flour_kg", "loaves")
    SELECT "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT -1 AS sign, * FROM "old_batches") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_batch_statuses" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "status" AS "status" FROM "old_batches") AS o WHERE r."status" IS NOT DISTINCT FROM o."status");
  ELSE
    INSERT INTO "rollup_batch_statuses" AS r ("status", "batches", "flour_kg", "loaves")
    SELECT "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches" UNION ALL SELECT -1 AS sign, * FROM "old_batches") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_batch_statuses" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT "status" AS "status" FROM "old_batches") AS o WHERE r."status" IS NOT DISTINCT FROM o."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "production_batches_status_total_insert" AFTER INSERT ON "production_batches" REFERENCING NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batch_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_status_total_update" AFTER UPDATE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batch_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_status_total_delete" AFTER DELETE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batch_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_status_total_truncate" AFTER TRUNCATE ON "production_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_batch_statuses_changed"();
--> statement-breakpoint
CREATE VIEW "rollup_expected_distributor_months" AS
SELECT date_trunc('month', ("created_at" AT TIME ZONE z."time_zone"))::date AS "month", "distributor_id",
  sum("sales_count")::bigint AS "sales_count", sum("sales_value")::numeric(20, 2) AS "sales_value",
  sum("paid_at_sale")::numeric(20, 2) AS "paid_at_sale",
  sum("payments_count")::bigint AS "payments_count", sum("payments")::numeric(20, 2) AS "payments",
  sum("returns_count")::bigint AS "returns_count", sum("returns_value")::numeric(20, 2) AS "returns_value"
FROM (
  SELECT "created_at", "distributor_id", 1 AS "sales_count", "loaves_taken" * "price_per_loaf" AS "sales_value",
    "amount_paid" AS "paid_at_sale", 0 AS "payments_count", 0 AS "payments", 0 AS "returns_count", 0 AS "returns_value"
  FROM "sales_transactions"
  UNION ALL
  SELECT "created_at", "distributor_id", 0, 0, 0, 1, "amount", 0, 0 FROM "distributor_payments"
  UNION ALL
  SELECT "created_at", "distributor_id", 0, 0, 0, 0, 0, 1, "loaves_returned" * "price_per_loaf" FROM "bread_returns"
) AS "records" CROSS JOIN "rollup_settings" AS z
GROUP BY 1, 2;
--> statement-breakpoint
CREATE VIEW "rollup_expected_distributor_return_reasons" AS
SELECT "distributor_id", "reason", count(*)::bigint AS "returns_count",
  sum("loaves_returned")::bigint AS "loaves_returned",
  sum("loaves_returned" * "price_per_loaf")::numeric(20, 2) AS "returns_value"
FROM "bread_returns"
GROUP BY 1, 2;
--> statement-breakpoint
CREATE VIEW "rollup_expected_batch_statuses" AS
SELECT "status", count(*)::bigint AS "batches", sum("flour_kg")::numeric(20, 3) AS "flour_kg",
  sum(coalesce("loaves_produced", 0))::bigint AS "loaves"
FROM "production_batches"
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
  DELETE FROM "rollup_return_days";
  INSERT INTO "rollup_return_days" SELECT * FROM "rollup_expected_return_days";
  DELETE FROM "rollup_distributor_months";
  INSERT INTO "rollup_distributor_months" SELECT * FROM "rollup_expected_distributor_months";
  DELETE FROM "rollup_distributor_return_reasons";
  INSERT INTO "rollup_distributor_return_reasons" SELECT * FROM "rollup_expected_distributor_return_reasons";
  DELETE FROM "rollup_batch_statuses";
  INSERT INTO "rollup_batch_statuses" SELECT * FROM "rollup_expected_batch_statuses";
END $$;
--> statement-breakpoint
INSERT INTO "rollup_distributor_months" SELECT * FROM "rollup_expected_distributor_months";
--> statement-breakpoint
INSERT INTO "rollup_distributor_return_reasons" SELECT * FROM "rollup_expected_distributor_return_reasons";
--> statement-breakpoint
INSERT INTO "rollup_batch_statuses" SELECT * FROM "rollup_expected_batch_statuses";
