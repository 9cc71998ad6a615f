ALTER TABLE "users" ADD COLUMN "qualification" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_qualification" CHECK ("users"."qualification" in ('physician', 'laboratorySpecialist', 'technician', 'none'));--> statement-breakpoint
-- Issue 35: only a physician signs off. Users of the Doctor role were the ones who did: they stay able
-- to, as physicians; their licence numbers are to be added (the report prints none until then).
UPDATE "users" u SET "qualification" = 'physician' FROM "roles" r WHERE r.id = u.role_id AND r.name = 'Doctor';
