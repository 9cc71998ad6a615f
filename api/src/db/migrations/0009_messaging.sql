CREATE TABLE "mailings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"subject_en" text,
	"body_en" text,
	"to_address" text,
	"filter" jsonb,
	"status" smallint DEFAULT 1 NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"last_customer_id" bigint DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mailings_status_range" CHECK ("mailings"."status" between 1 and 4),
	CONSTRAINT "mailings_to_or_filter" CHECK (("mailings"."to_address" is null) <> ("mailings"."filter" is null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'cs' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "message_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "customer_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "mailing_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "give_up_at" timestamp with time zone DEFAULT now() + interval '48 hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailings_created_at_idx" ON "mailings" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_mailing_id_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."mailings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_trgm_idx" ON "outbox_messages" USING gin (lower("recipient") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_messages_customer_idx" ON "outbox_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_mailing_idx" ON "outbox_messages" USING btree ("mailing_id","status");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_language" CHECK ("customers"."language" in ('cs', 'en'));--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_language" CHECK ("outbox_messages"."language" is null or "outbox_messages"."language" in ('cs', 'en'));