DROP INDEX "orders_created_sort_idx";--> statement-breakpoint
DROP INDEX "orders_incomplete_sort_idx";--> statement-breakpoint
DROP INDEX "payments_created_sort_idx";--> statement-breakpoint
DROP INDEX "payments_method_idx";--> statement-breakpoint
CREATE INDEX "orders_paid_by_sort_idx" ON "orders" USING btree ("paid_by","created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "orders_order_number_sort_idx" ON "orders" USING btree ("order_number" nulls first,"id");--> statement-breakpoint
CREATE INDEX "orders_amount_sort_idx" ON "orders" USING btree ("amount" nulls first,"id");--> statement-breakpoint
CREATE INDEX "orders_date_order_paid_sort_idx" ON "orders" USING btree ("date_order_paid" nulls first,"id");--> statement-breakpoint
CREATE INDEX "payments_open_sort_idx" ON "payments" USING btree ("created_at" nulls first,"id") WHERE "payments"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_completed_sort_idx" ON "payments" USING btree ("completed_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "payments_amount_sort_idx" ON "payments" USING btree ("amount" nulls first,"id");--> statement-breakpoint
CREATE INDEX "orders_created_sort_idx" ON "orders" USING btree ("created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "orders_incomplete_sort_idx" ON "orders" USING btree ("created_at" nulls first,"id") WHERE not "orders"."complete";--> statement-breakpoint
CREATE INDEX "payments_created_sort_idx" ON "payments" USING btree ("created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("method","created_at" nulls first,"id");