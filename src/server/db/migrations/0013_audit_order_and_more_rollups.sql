CREATE TABLE "rollup_bread_production_months" (
	"month" date NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"status" varchar(20) NOT NULL,
	"batches" bigint DEFAULT 0 NOT NULL,
	"flour_kg" numeric(20, 3) DEFAULT 0 NOT NULL,
	"loaves" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rollup_bread_production_months_month_recipe_name_status_pk" PRIMARY KEY("month","recipe_name","status")
);
--> statement-breakpoint
CREATE TABLE "rollup_order_statuses" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"orders_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_events_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_user_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_module_at_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_user_at_id_idx" ON "audit_events" USING btree ("user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_module_at_id_idx" ON "audit_events" USING btree (split_part("action", '.', 1),"at","id");--> statement-breakpoint
DROP INDEX "production_batches_completed_history_idx";--> statement-breakpoint
CREATE INDEX "production_batches_completed_history_idx" ON "production_batches" USING btree ("completed_at","batch_number") WHERE "production_batches"."status" = 'completed';--> statement-breakpoint
-- Totals per bakery month started, bread and status (batches never started
-- left out), for a production trend's whole months (the days at its edges
-- come from rollup_bread_production_days), and the number of purchase orders
-- per status, for the orders summary. Kept by statement-level triggers, as
-- the roll-ups of 0007 and 0012.
CREATE FUNCTION "rollup_production_months_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE zone text;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_bread_production_months";
    RETURN NULL;
  END IF;
  zone := "rollup_time_zone"();
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_bread_production_months" AS r ("month", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT date_trunc('month', ("started_at" AT TIME ZONE zone))::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches" WHERE "started_at" IS NOT NULL) AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("month", "recipe_name", "status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_bread_production_months" AS r ("month", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT date_trunc('month', ("started_at" AT TIME ZONE zone))::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT -1 AS sign, * FROM "old_batches" WHERE "started_at" IS NOT NULL) AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("month", "recipe_name", "status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_bread_production_months" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("started_at" AT TIME ZONE zone))::date AS "month", "recipe_name" AS "recipe_name", "status" AS "status" FROM "old_batches" WHERE "started_at" IS NOT NULL) AS o WHERE r."month" = o."month" AND r."recipe_name" = o."recipe_name" AND r."status" = o."status");
  ELSE
    INSERT INTO "rollup_bread_production_months" AS r ("month", "recipe_name", "status", "batches", "flour_kg", "loaves")
    SELECT date_trunc('month', ("started_at" AT TIME ZONE zone))::date, "recipe_name", "status", sum(sign), sum(sign * "flour_kg"), sum(sign * coalesce("loaves_produced", 0))
    FROM (SELECT 1 AS sign, * FROM "new_batches" WHERE "started_at" IS NOT NULL UNION ALL SELECT -1 AS sign, * FROM "old_batches" WHERE "started_at" IS NOT NULL) AS "changed"
    GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * "flour_kg") <> 0 OR sum(sign * coalesce("loaves_produced", 0)) <> 0
    ON CONFLICT ("month", "recipe_name", "status") DO UPDATE SET "batches" = r."batches" + excluded."batches", "flour_kg" = r."flour_kg" + excluded."flour_kg", "loaves" = r."loaves" + excluded."loaves";
    DELETE FROM "rollup_bread_production_months" AS r WHERE r."batches" = 0
      AND EXISTS (SELECT 1 FROM (SELECT date_trunc('month', ("started_at" AT TIME ZONE zone))::date AS "month", "recipe_name" AS "recipe_name", "status" AS "status" FROM "old_batches" WHERE "started_at" IS NOT NULL) AS o WHERE r."month" = o."month" AND r."recipe_name" = o."recipe_name" AND r."status" = o."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "production_batches_month_insert" AFTER INSERT ON "production_batches" REFERENCING NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_production_months_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_month_update" AFTER UPDATE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" NEW TABLE AS "new_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_production_months_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_month_delete" AFTER DELETE ON "production_batches" REFERENCING OLD TABLE AS "old_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_production_months_changed"();
--> statement-breakpoint
CREATE TRIGGER "production_batches_month_truncate" AFTER TRUNCATE ON "production_batches" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_production_months_changed"();
--> statement-breakpoint
CREATE FUNCTION "rollup_order_statuses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "rollup_order_statuses";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "rollup_order_statuses" AS r ("status", "orders_count")
    SELECT "status", sum(sign)
    FROM (SELECT 1 AS sign, * FROM "new_orders") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0
    ON CONFLICT ("status") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "rollup_order_statuses" AS r ("status", "orders_count")
    SELECT "status", sum(sign)
    FROM (SELECT -1 AS sign, * FROM "old_orders") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0
    ON CONFLICT ("status") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count";
    DELETE FROM "rollup_order_statuses" AS r WHERE r."orders_count" = 0
      AND EXISTS (SELECT 1 FROM "old_orders" AS o WHERE r."status" = o."status");
  ELSE
    INSERT INTO "rollup_order_statuses" AS r ("status", "orders_count")
    SELECT "status", sum(sign)
    FROM (SELECT 1 AS sign, * FROM "new_orders" UNION ALL SELECT -1 AS sign, * FROM "old_orders") AS "changed"
    GROUP BY 1 HAVING sum(sign) <> 0
    ON CONFLICT ("status") DO UPDATE SET "orders_count" = r."orders_count" + excluded."orders_count";
    DELETE FROM "rollup_order_statuses" AS r WHERE r."orders_count" = 0
      AND EXISTS (SELECT 1 FROM "old_orders" AS o WHERE r."status" = o."status");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_status_total_insert" AFTER INSERT ON "purchase_orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_order_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_status_total_update" AFTER UPDATE ON "purchase_orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_order_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_status_total_delete" AFTER DELETE ON "purchase_orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_order_statuses_changed"();
--> statement-breakpoint
CREATE TRIGGER "purchase_orders_status_total_truncate" AFTER TRUNCATE ON "purchase_orders" FOR EACH STATEMENT EXECUTE FUNCTION "rollup_order_statuses_changed"();
--> statement-breakpoint
CREATE VIEW "rollup_expected_bread_production_months" AS
SELECT date_trunc('month', ("started_at" AT TIME ZONE z."time_zone"))::date AS "month", "recipe_name", "status",
  count(*)::bigint AS "batches", sum("flour_kg")::numeric(20, 3) AS "flour_kg",
  sum(coalesce("loaves_produced", 0))::bigint AS "loaves"
FROM "production_batches" CROSS JOIN "rollup_settings" AS z
WHERE "started_at" IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW "rollup_expected_order_statuses" AS
SELECT "status", count(*)::bigint AS "orders_count"
FROM "purchase_orders"
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
END $$;
--> statement-breakpoint
INSERT INTO "rollup_bread_production_months" SELECT * FROM "rollup_expected_bread_production_months";
--> statement-breakpoint
INSERT INTO "rollup_order_statuses" SELECT * FROM "rollup_expected_order_statuses";
