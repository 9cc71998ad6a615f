CREATE TABLE "dna_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dna_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"form_version" text NOT NULL,
	"signed_on" date NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" bigint,
	"scan" "bytea",
	"scan_file_name" text,
	"scan_content_type" text,
	"withdrawn_on" date,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" bigint,
	"withdrawal_outcome" text,
	"withdrawal_note" text,
	CONSTRAINT "dna_consents_withdrawal" CHECK (("dna_consents"."withdrawn_at" is null) = ("dna_consents"."withdrawal_outcome" is null) and ("dna_consents"."withdrawn_at" is null) = ("dna_consents"."withdrawn_on" is null)),
	CONSTRAINT "dna_consents_withdrawal_outcome" CHECK ("dna_consents"."withdrawal_outcome" in ('destroySample', 'keepForCustomer')),
	CONSTRAINT "dna_consents_scan" CHECK (("dna_consents"."scan" is null) = ("dna_consents"."scan_content_type" is null) and "dna_consents"."scan_content_type" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "technically_validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "technically_validated_by" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "technical_validation" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "requesting_physician" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "indication" text;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD COLUMN "held_genotypes" jsonb;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "sample_type" text DEFAULT 'buccalSwab' NOT NULL;--> statement-breakpoint
ALTER TABLE "samples" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "requires_consultation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dna_consents" ADD CONSTRAINT "dna_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dna_consents" ADD CONSTRAINT "dna_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dna_consents" ADD CONSTRAINT "dna_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dna_consents_customer_idx" ON "dna_consents" USING btree ("customer_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dna_consents_one_valid_key" ON "dna_consents" USING btree ("customer_id") WHERE "dna_consents"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_technically_validated_by_users_id_fk" FOREIGN KEY ("technically_validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_upload_samples_held_idx" ON "result_upload_samples" USING btree ("sample_id") WHERE "result_upload_samples"."held_reason" is not null;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD CONSTRAINT "result_upload_samples_held_reason" CHECK ("result_upload_samples"."held_reason" in ('noValidConsent'));--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sample_type" CHECK ("samples"."sample_type" in ('buccalSwab', 'saliva', 'blood', 'dna'));--> statement-breakpoint
-- A consent given before consent records existed: its form version is unknown, its date the one recorded (else the registration's).
INSERT INTO "dna_consents" ("customer_id", "form_version", "signed_on", "recorded_at")
SELECT "id", 'unknown', (coalesce("dna_consent_at", "date_registration") AT TIME ZONE 'Europe/Prague')::date, coalesce("dna_consent_at", "date_registration")
  FROM "customers" WHERE "agreed_to_dna_analysis" AND "erased_at" IS NULL;
