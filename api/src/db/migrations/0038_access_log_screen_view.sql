ALTER TABLE "access_log" ADD COLUMN "screen" text;--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "screen_view" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "access_log_screen_view_idx" ON "access_log" USING btree ("screen_view","user_id","customer_ids") WHERE "access_log"."screen_view" is not null;