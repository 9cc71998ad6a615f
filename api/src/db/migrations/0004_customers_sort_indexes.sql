DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "customers_surname_idx";--> statement-breakpoint
DROP INDEX "customers_phone_idx";--> statement-breakpoint
DROP INDEX "customers_ext_id_idx";--> statement-breakpoint
DROP INDEX "customers_open_lims_id_idx";--> statement-breakpoint
DROP INDEX "customers_registration_source_idx";--> statement-breakpoint
DROP INDEX "customers_date_registration_idx";--> statement-breakpoint
DROP INDEX "customers_date_of_birth_idx";--> statement-breakpoint
DROP INDEX "customers_city_idx";--> statement-breakpoint
CREATE INDEX "customers_id_sort_idx" ON "customers" USING btree ("id" nulls first);--> statement-breakpoint
CREATE INDEX "customers_name_sort_idx" ON "customers" USING btree (lower("name") nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_surname_sort_idx" ON "customers" USING btree (lower("surname") nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_email_sort_idx" ON "customers" USING btree (lower("email") nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_phone_sort_idx" ON "customers" USING btree ("phone" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_city_sort_idx" ON "customers" USING btree (lower("city") nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_ext_id_sort_idx" ON "customers" USING btree ("ext_id" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_open_lims_id_sort_idx" ON "customers" USING btree ("open_lims_id" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_registration_source_sort_idx" ON "customers" USING btree ("registration_source" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_date_registration_sort_idx" ON "customers" USING btree ("date_registration" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_date_of_birth_sort_idx" ON "customers" USING btree ("date_of_birth" nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_source_registered_idx" ON "customers" USING btree ("registration_source","date_registration");