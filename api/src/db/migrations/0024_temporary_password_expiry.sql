ALTER TABLE "users" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;--> statement-breakpoint
-- Temporary passwords issued before expiry existed get the same day from now.
UPDATE "users" SET "temporary_password_expires_at" = now() + interval '24 hours' WHERE "must_change_password";
