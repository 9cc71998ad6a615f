-- A card charge the gateway reports paid after the order was paid another way is recorded as an
-- overpayment to refund (refund_due_at): received, yet not the order's completing payment, so the
-- one-completed-payment index leaves it out. Staff record the refund (refunded_at, refunded_by).
DROP INDEX "payments_one_completed_per_order";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("created_at" nulls first,"id") WHERE "payments"."refund_due_at" is not null and "payments"."refunded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_completed_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."completed_at" is not null and "payments"."refund_due_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_due_received_card" CHECK ("payments"."refund_due_at" is null or ("payments"."completed_at" is not null and "payments"."method" = 1));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_was_due" CHECK ("payments"."refunded_at" is null or "payments"."refund_due_at" is not null);