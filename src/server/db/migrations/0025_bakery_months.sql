CREATE TABLE "rollup_months" (
	"month" date PRIMARY KEY NOT NULL,
	"sales_count" bigint DEFAULT 0 NOT NULL,
	"sales_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	"paid_at_sale" numeric(20, 2) DEFAULT 0 NOT NULL,
	"payments_count" bigint DEFAULT 0 NOT NULL,
	"payments" numeric(20, 2) DEFAULT 0 NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Per bakery month, all distributors and breads together: the totals of
-- rollup_days in that month, for trends by month (the all-time Sales and
-- Financial trends read a row a month, not a row a day). A month is the sum
-- of its days, so it is kept by a row-level trigger on rollup_days itself, in
-- the transaction of the write that changed the day: a sale, payment or
-- return changes one day row, so one month row. TRUNCATE fires no row
-- trigger, so a truncated rollup_days empties the months too. A month's row
-- exists while any of its days' does, so a change to a day updates it.
CREATE FUNCTION "rollup_months_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_month date;
  new_month date;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_months";
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_month := date_trunc('month', OLD."day")::date; END IF;
  IF TG_OP <> 'DELETE' THEN new_month := date_trunc('month', NEW."day")::date; END IF;
  -- The common case, a write adding to a day's row: the difference added to its month's.
  IF new_month = old_month THEN
    UPDATE "rollup_months" SET "sales_count" = "sales_count" + (NEW."sales_count" - OLD."sales_count"), "sales_value" = "sales_value" + (NEW."sales_value" - OLD."sales_value"), "paid_at_sale" = "paid_at_sale" + (NEW."paid_at_sale" - OLD."paid_at_sale"), "payments_count" = "payments_count" + (NEW."payments_count" - OLD."payments_count"), "payments" = "payments" + (NEW."payments" - OLD."payments"), "returns_count" = "returns_count" + (NEW."returns_count" - OLD."returns_count"), "returns_value" = "returns_value" + (NEW."returns_value" - OLD."returns_value")
    WHERE "month" = new_month;
    RETURN NULL;
  END IF;
  IF new_month IS NOT NULL THEN
    INSERT INTO "rollup_months" AS r ("month", "sales_count", "sales_value", "paid_at_sale", "payments_count", "payments", "returns_count", "returns_value")
    VALUES (new_month, NEW."sales_count", NEW."sales_value", NEW."paid_at_sale", NEW."payments_count", NEW."payments", NEW."returns_count", NEW."returns_value")
    ON CONFLICT ("month") DO UPDATE SET "sales_count" = r."sales_count" + excluded."sales_count", "sales_value" = r."sales_value" + excluded."sales_value", "paid_at_sale" = r."paid_at_sale" + excluded."paid_at_sale", "payments_count" = r."payments_count" + excluded."payments_count", "payments" = r."payments" + excluded."payments", "returns_count" = r."returns_count" + excluded."returns_count", "returns_value" = r."returns_value" + excluded."returns_value";
  END IF;
  -- A day's row is deleted once nothing is left in it, so only then can its month empty.
  IF old_month IS NOT NULL THEN
    UPDATE "rollup_months" SET "sales_count" = "sales_count" - OLD."sales_count", "sales_value" = "sales_value" - OLD."sales_value", "paid_at_sale" = "paid_at_sale" - OLD."paid_at_sale", "payments_count" = "payments_count" - OLD."payments_count", "payments" = "payments" - OLD."payments", "returns_count" = "returns_count" - OLD."returns_count", "returns_value" = "returns_value" - OLD."returns_value"
    WHERE "month" = old_month;
    DELETE FROM "rollup_months" WHERE "month" = old_month
      AND "sales_count" = 0 AND "payments_count" = 0 AND "returns_count" = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rollup_days_month_change" AFTER INSERT OR UPDATE OR DELETE ON "rollup_days" FOR EACH ROW EXECUTE FUNCTION "rollup_months_days_changed"();
--> statement-breakpoint
CREATE TRIGGER "rollup_days_month_truncate" AFTER TRUNCATE ON "rollup_days" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_months_days_changed"();
--> statement-breakpoint
-- What rollup_months should hold, from the records (not from rollup_days), so
-- that the drift check (npm run verify) checks the months against the records.
CREATE VIEW "rollup_expected_months" AS
SELECT date_trunc('month', "day")::date AS "month",
  sum("sales_count")::bigint AS "sales_count", sum("sales_value")::numeric(20, 2) AS "sales_value",
  sum("paid_at_sale")::numeric(20, 2) AS "paid_at_sale",
  sum("payments_count")::bigint AS "payments_count", sum("payments")::numeric(20, 2) AS "payments",
  sum("returns_count")::bigint AS "returns_count", sum("returns_value")::numeric(20, 2) AS "returns_value"
FROM "rollup_expected_days"
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
  DELETE FROM "rollup_bread_production_months";
  INSERT INTO "rollup_bread_production_months" SELECT * FROM "rollup_expected_bread_production_months";
  DELETE FROM "rollup_order_statuses";
  INSERT INTO "rollup_order_statuses" SELECT * FROM "rollup_expected_order_statuses";
  DELETE FROM "rollup_distributor_breads";
  INSERT INTO "rollup_distributor_breads" SELECT * FROM "rollup_expected_distributor_breads";
  DELETE FROM "rollup_months";
  INSERT INTO "rollup_months" SELECT * FROM "rollup_expected_months";
END $$;
--> statement-breakpoint
INSERT INTO "rollup_months" SELECT * FROM "rollup_expected_months";
