ALTER TABLE "customers" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legal_hold_by" bigint;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_legal_hold_by_users_id_fk" FOREIGN KEY ("legal_hold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;