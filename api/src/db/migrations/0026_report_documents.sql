-- The customer report's issued PDFs (issue 22): one row per publication, written once, never updated.
CREATE TABLE "report_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"preliminary" boolean NOT NULL,
	"content" bytea NOT NULL,
	"sha256" text NOT NULL,
	"verification_code" text NOT NULL,
	"replaces_version" integer,
	"reason" text,
	"created_by" bigint REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_documents_language" CHECK ("report_documents"."language" in ('cs', 'en')),
	CONSTRAINT "report_documents_version_positive" CHECK ("report_documents"."version" >= 1),
	CONSTRAINT "report_documents_replaces" CHECK (("report_documents"."replaces_version" is null) = ("report_documents"."version" = 1)),
	CONSTRAINT "report_documents_sha256_hex" CHECK ("report_documents"."sha256" ~ '^[0-9a-f]{64}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "report_documents_product_version_idx" ON "report_documents" USING btree ("product_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "report_documents_sha256_idx" ON "report_documents" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "report_documents_verification_code_idx" ON "report_documents" USING btree ("verification_code");
