CREATE TABLE "distributor_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distributor_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"channel" varchar(20) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"message" text NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"overdue" numeric(14, 2) NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distributor_reminders_kind_check" CHECK ("distributor_reminders"."kind" in ('statement', 'reminder')),
	CONSTRAINT "distributor_reminders_channel_check" CHECK ("distributor_reminders"."channel" in ('whatsapp', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "pending_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distributor_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"description" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"payment_id" uuid,
	CONSTRAINT "pending_transfers_amount_check" CHECK ("pending_transfers"."amount" > 0),
	CONSTRAINT "pending_transfers_method_check" CHECK ("pending_transfers"."payment_method" in ('bank_transfer', 'mobile_money')),
	CONSTRAINT "pending_transfers_status_check" CHECK ("pending_transfers"."status" in ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "pending_transfers_decision_check" CHECK (("pending_transfers"."status" = 'pending') = ("pending_transfers"."decided_at" is null)
        and ("pending_transfers"."status" = 'confirmed') = ("pending_transfers"."payment_id" is not null)
        and ("pending_transfers"."status" = 'rejected') = ("pending_transfers"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "statement_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distributor_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "statement_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD COLUMN "receipt_number" bigserial NOT NULL;--> statement-breakpoint
-- Receipt numbers for the payments made before receipts, in the order they were made.
-- The roll-ups' triggers are held off: no amount changes.
ALTER TABLE "distributor_payments" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "distributor_payments" AS p SET "receipt_number" = o.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "distributor_payments") AS o
  WHERE p."id" = o."id";--> statement-breakpoint
ALTER TABLE "distributor_payments" ENABLE TRIGGER USER;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('distributor_payments', 'receipt_number'),
  coalesce((SELECT max("receipt_number") FROM "distributor_payments"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "credit_limit" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "distributors" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD COLUMN "credit_override_reason" text;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD COLUMN "credit_override_by" uuid;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "pending_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "distributor_reminders" ADD CONSTRAINT "distributor_reminders_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_reminders" ADD CONSTRAINT "distributor_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_transfers" ADD CONSTRAINT "pending_transfers_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_transfers" ADD CONSTRAINT "pending_transfers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_transfers" ADD CONSTRAINT "pending_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_transfers" ADD CONSTRAINT "pending_transfers_payment_id_distributor_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."distributor_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_reminders_distributor_idx" ON "distributor_reminders" USING btree ("distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_transfers_status_idx" ON "pending_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pending_transfers_distributor_idx" ON "pending_transfers" USING btree ("distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "statement_links_distributor_idx" ON "statement_links" USING btree ("distributor_id","created_at");--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD CONSTRAINT "distributor_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_transactions" ADD CONSTRAINT "sales_transactions_credit_override_by_users_id_fk" FOREIGN KEY ("credit_override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_pending_transfer_id_pending_transfers_id_fk" FOREIGN KEY ("pending_transfer_id") REFERENCES "public"."pending_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_payments" ADD CONSTRAINT "distributor_payments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_credit_limit_check" CHECK ("distributors"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_payment_terms_check" CHECK ("distributors"."payment_terms_days" between 0 and 365);