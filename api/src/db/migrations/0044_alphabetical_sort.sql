-- Lists sort text as their readers do (db/listing.ts `alphabetical`): Czech (Č after C, Ch after H)
-- and English, from ICU. A server built without ICU gets the bytes' order under the same names
-- rather than a migration that cannot run.
DO $$
BEGIN
  CREATE COLLATION IF NOT EXISTS sort_cs (provider = icu, locale = 'cs');
  CREATE COLLATION IF NOT EXISTS sort_en (provider = icu, locale = 'en');
EXCEPTION WHEN feature_not_supported THEN
  CREATE COLLATION IF NOT EXISTS sort_cs FROM "C";
  CREATE COLLATION IF NOT EXISTS sort_en FROM "C";
END
$$;--> statement-breakpoint
DROP INDEX "customers_name_sort_idx";--> statement-breakpoint
DROP INDEX "customers_surname_sort_idx";--> statement-breakpoint
DROP INDEX "customers_city_sort_idx";--> statement-breakpoint
DROP INDEX "consulting_rooms_name_sort_idx";--> statement-breakpoint
DROP INDEX "gene_combinations_phenotype_idx";--> statement-breakpoint
DROP INDEX "gene_combinations_phenotype_en_idx";--> statement-breakpoint
CREATE INDEX "customers_name_sort_idx" ON "customers" USING btree ("name" collate sort_cs nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_surname_sort_idx" ON "customers" USING btree ("surname" collate sort_cs nulls first,"id");--> statement-breakpoint
CREATE INDEX "customers_city_sort_idx" ON "customers" USING btree ("city" collate sort_cs nulls first,"id");--> statement-breakpoint
CREATE INDEX "consulting_rooms_name_sort_idx" ON "consulting_rooms" USING btree ("name" collate sort_cs nulls first,"id");--> statement-breakpoint
CREATE INDEX "gene_combinations_phenotype_idx" ON "gene_combinations" USING btree ("phenotype" collate sort_cs nulls first,"id");--> statement-breakpoint
CREATE INDEX "gene_combinations_phenotype_en_idx" ON "gene_combinations" USING btree (coalesce(nullif("phenotype_en", ''), "phenotype") collate sort_en nulls first,"id");