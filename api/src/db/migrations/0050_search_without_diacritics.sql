-- Searches find a name typed without its diacritics ("zemanova" finds Zemanová, "ZEMANOVÁ" a Zemanova
-- stored without): the search columns and the users' trigram index hold text folded by search_fold —
-- lower-cased, the letters' diacritics dropped by unaccent's rules (Č, Ř, Ů, Ľ, Ö, Ő, Ł, Ø and ß too) —
-- and every search folds its pattern through the same function (db/listing.ts `contains`), so the rule
-- is written once and the trigram indexes still serve the match.
-- unaccent() is STABLE (its dictionary could be edited), which a generated column or an index may not
-- call: search_fold is the IMMUTABLE wrapper, its body bound at creation (RETURN: the dictionary by its
-- oid, nothing looked up on the search_path when it runs).
-- drizzle-kit wrote the columns and the users' index; the extension, the function and the two trigram
-- indexes dropped with their columns (drizzle-kit does not see that) are written by hand.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION search_fold(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN lower(unaccent('unaccent'::regdictionary, $1));--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" drop column "search";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search" text GENERATED ALWAYS AS (search_fold(name || ' ' || surname || ' ' || email || ' ' || phone_prefix || phone || ' ' || phone || ' ' || coalesce(ext_id, '') || ' ' || coalesce(open_lims_id, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" drop column "search";--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "search" text GENERATED ALWAYS AS (search_fold(code || ' ' || coalesce(for_who, '') || ' ' || coalesce(from_who, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_search_trgm_idx" ON "vouchers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((search_fold("email" || ' ' || "user_name")) gin_trgm_ops);
