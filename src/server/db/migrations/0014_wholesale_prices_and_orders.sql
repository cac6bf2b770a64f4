CREATE TABLE "bread_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"distributor_id" uuid,
	"price_per_loaf" numeric(14, 2),
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "bread_prices_price_check" CHECK ("bread_prices"."price_per_loaf" is null or "bread_prices"."price_per_loaf" >= 0),
	CONSTRAINT "bread_prices_default_has_price_check" CHECK ("bread_prices"."distributor_id" is not null or "bread_prices"."price_per_loaf" is not null)
);
--> statement-breakpoint
CREATE TABLE "order_changes" (
	"distributor_id" uuid NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"day" date NOT NULL,
	"loaves" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "order_changes_distributor_id_recipe_name_day_pk" PRIMARY KEY("distributor_id","recipe_name","day"),
	CONSTRAINT "order_changes_loaves_check" CHECK ("order_changes"."loaves" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distributor_id" uuid NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "order_pauses_days_check" CHECK ("order_pauses"."to_day" >= "order_pauses"."from_day")
);
--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"distributor_id" uuid NOT NULL,
	"recipe_name" varchar(200) NOT NULL,
	"weekday" smallint NOT NULL,
	"loaves" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "standing_orders_distributor_id_recipe_name_weekday_pk" PRIMARY KEY("distributor_id","recipe_name","weekday"),
	CONSTRAINT "standing_orders_weekday_check" CHECK ("standing_orders"."weekday" between 1 and 7),
	CONSTRAINT "standing_orders_loaves_check" CHECK ("standing_orders"."loaves" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bread_prices" ADD CONSTRAINT "bread_prices_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bread_prices" ADD CONSTRAINT "bread_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pauses" ADD CONSTRAINT "order_pauses_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pauses" ADD CONSTRAINT "order_pauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bread_prices_lookup_idx" ON "bread_prices" USING btree ("recipe_name","distributor_id","effective_from");--> statement-breakpoint
CREATE INDEX "order_changes_day_idx" ON "order_changes" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_pauses_distributor_idx" ON "order_pauses" USING btree ("distributor_id","to_day");