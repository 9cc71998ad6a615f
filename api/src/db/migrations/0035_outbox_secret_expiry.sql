ALTER TABLE "outbox_messages" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
-- A temporary password waiting from before: valid 24 hours from when it was written.
UPDATE "outbox_messages" SET "secret_expires_at" = "created_at" + interval '24 hours' WHERE "secret" IS NOT NULL;
