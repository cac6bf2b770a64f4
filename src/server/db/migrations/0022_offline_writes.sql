CREATE TABLE "idempotent_writes" (
	"key" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"route" varchar(200) NOT NULL,
	"status" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bread_returns" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotent_writes" ADD CONSTRAINT "idempotent_writes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_writes_user_idx" ON "idempotent_writes" USING btree ("user_id");