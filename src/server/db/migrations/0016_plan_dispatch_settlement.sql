CREATE TABLE "dispatch_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"distributor_id" uuid NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"loaves_ordered" integer NOT NULL,
	"loaves_loaded" integer NOT NULL,
	"price_per_loaf" numeric(14, 2) NOT NULL,
	"sale_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "dispatch_lines_day_distributor_bread_key" UNIQUE("day","distributor_id","recipe_name"),
	CONSTRAINT "dispatch_lines_loaves_check" CHECK ("dispatch_lines"."loaves_ordered" >= 0 and "dispatch_lines"."loaves_loaded" >= 0),
	CONSTRAINT "dispatch_lines_price_check" CHECK ("dispatch_lines"."price_per_loaf" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_returns" (
	"settlement_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	CONSTRAINT "settlement_returns_settlement_id_return_id_pk" PRIMARY KEY("settlement_id","return_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"distributor_id" uuid NOT NULL,
	"payment_id" uuid,
	"loaves_loaded" integer NOT NULL,
	"loaves_returned" integer NOT NULL,
	"value_loaded" numeric(14, 2) NOT NULL,
	"value_returned" numeric(14, 2) NOT NULL,
	"collected" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "settlements_day_distributor_key" UNIQUE("day","distributor_id")
);
--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "loaves_per_kg" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_sale_id_sales_transactions_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_returns" ADD CONSTRAINT "settlement_returns_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_returns" ADD CONSTRAINT "settlement_returns_return_id_bread_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."bread_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payment_id_distributor_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."distributor_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_lines_day_idx" ON "dispatch_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "settlements_distributor_idx" ON "settlements" USING btree ("distributor_id","day");