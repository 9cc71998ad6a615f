DROP INDEX "products_section_idx";--> statement-breakpoint
DROP INDEX "samples_status_idx";--> statement-breakpoint
DROP INDEX "samples_updated_at_idx";--> statement-breakpoint
CREATE INDEX "products_archive_idx" ON "products" USING btree ("generated_at" nulls first,"id") WHERE "products"."is_archived";--> statement-breakpoint
CREATE INDEX "barcodes_code_trgm_idx" ON "barcodes" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_section_idx" ON "products" USING btree ("is_archived","is_in_doctor_section","generated_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "samples_status_idx" ON "samples" USING btree ("status","updated_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "samples_updated_at_idx" ON "samples" USING btree ("updated_at" nulls first,"id");