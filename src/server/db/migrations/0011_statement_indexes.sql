DROP INDEX "bread_returns_distributor_idx";--> statement-breakpoint
DROP INDEX "distributor_payments_distributor_idx";--> statement-breakpoint
DROP INDEX "sales_transactions_distributor_idx";--> statement-breakpoint
CREATE INDEX "bread_returns_distributor_created_idx" ON "bread_returns" USING btree ("distributor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "distributor_payments_distributor_created_idx" ON "distributor_payments" USING btree ("distributor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_transactions_distributor_created_idx" ON "sales_transactions" USING btree ("distributor_id","created_at","id");