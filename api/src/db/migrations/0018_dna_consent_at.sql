ALTER TABLE "customers" ADD COLUMN "dna_consent_at" timestamp with time zone;--> statement-breakpoint
-- Consent given before its date was kept dates from the registration.
UPDATE "customers" SET "dna_consent_at" = "date_registration" WHERE "agreed_to_dna_analysis";
