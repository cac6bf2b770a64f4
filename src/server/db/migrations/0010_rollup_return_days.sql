CREATE TABLE "rollup_return_days" (
	"day" date NOT NULL,
	"distributor_id" uuid NOT NULL,
	"reason" varchar(20) NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	"loaves_returned" bigint DEFAULT 0 NOT NULL,
	"returns_value" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_return_days_day_distributor_id_reason_pk" PRIMARY KEY("day","distributor_id","reason")
);
--> statement-breakpoint
-- Returns per day, distributor and reason, kept like the roll-ups of 0007.
CREATE FUNCTION "rollup_return_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_return_days";
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_return_days" AS r ("day", "distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day", "distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_return_days" AS r ("day", "distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day", "distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_return_days" AS r WHERE r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day", "distributor_id" AS "distributor_id", "reason" AS "reason" FROM "old_returns") AS o WHERE r."day" IS NOT DISTINCT FROM o."day" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."reason" IS NOT DISTINCT FROM o."reason");
  ELSE
    INSERT INTO "rollup_return_days" AS r ("day", "distributor_id", "reason", "returns_count", "loaves_returned", "returns_value")
    SELECT ("created_at" AT TIME ZONE zone)::date, "distributor_id", "reason", sum(sign), sum(sign * "loaves_returned"), sum(sign * "loaves_returned" * "price_per_loaf")
    FROM (SELECT 1 AS sign, * FROM "new_returns" UNION ALL SELECT -1 AS sign, * FROM "old_returns") AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "loaves_returned") <> 0 OR sum(sign * "loaves_returned" * "price_per_loaf") <> 0
    ON CONFLICT ("day", "distributor_id", "reason") DO UPDATE SET "returns_count" = r."returns_count" + excluded."returns_count", "loaves_returned" = r."loaves_returned" + excluded."loaves_returned", "returns_value" = r."returns_value" + excluded."returns_value";
    DELETE FROM "rollup_return_days" AS r WHERE r."returns_count" = 0
      AND EXISTS (SELECT 1 FROM (SELECT ("created_at" AT TIME ZONE zone)::date AS "day", "distributor_id" AS "distributor_id", "reason" AS "reason" FROM "old_returns") AS o WHERE r."day" IS NOT DISTINCT FROM o."day" AND r."distributor_id" IS NOT DISTINCT FROM o."distributor_id" AND r."reason" IS NOT DISTINCT FROM o."reason");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_insert" AFTER INSERT ON "bread_returns" REFERENCING NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_days_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_update" AFTER UPDATE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" NEW TABLE AS "new_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_days_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_delete" AFTER DELETE ON "bread_returns" REFERENCING OLD TABLE AS "old_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_days_changed"();
--> statement-breakpoint
CREATE TRIGGER "bread_returns_reason_truncate" AFTER TRUNCATE ON "bread_returns" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_return_days_changed"();
--> statement-breakpoint
CREATE VIEW "rollup_expected_return_days" AS
SELECT ("created_at" AT TIME ZONE z."time_zone")::date AS "day", "distributor_id", "reason",
  count(*)::bigint AS "returns_count", sum("loaves_returned")::bigint AS "loaves_returned",
  sum("loaves_returned" * "price_per_loaf")::numeric(20, 2) AS "returns_value"
FROM "bread_returns" CROSS JOIN "rollup_settings" AS z
GROUP BY 1, 2, 3;
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
END $$;
--> statement-breakpoint
INSERT INTO "rollup_return_days" SELECT * FROM "rollup_expected_return_days";
