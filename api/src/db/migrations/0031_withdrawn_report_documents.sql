-- What stays of an issued report PDF after its customer's erasure (issue 35): code, SHA-256, report number,
-- version and dates only, no personal data and no foreign key; verification answers "withdrawn".
CREATE TABLE "withdrawn_report_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawn_report_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"verification_code" text NOT NULL,
	"sha256" text NOT NULL,
	"report_number" text NOT NULL,
	"version" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawn_report_documents_version_positive" CHECK ("withdrawn_report_documents"."version" >= 1),
	CONSTRAINT "withdrawn_report_documents_sha256_hex" CHECK ("withdrawn_report_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawn_report_documents_verification_code_idx" ON "withdrawn_report_documents" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawn_report_documents_sha256_idx" ON "withdrawn_report_documents" USING btree ("sha256");