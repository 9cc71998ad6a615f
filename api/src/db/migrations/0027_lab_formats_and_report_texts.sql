-- Issue 23: the marker map, lab-format uploads streamed in pieces, and per-sample marker counts.
-- Issue 22: the report PDF's limitations and disclaimer, edited in the catalogue.
-- (The snapshot of this migration is the first since 0024: 0025 and 0026 were written by hand.)
CREATE TABLE "markers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "markers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gene_code" text NOT NULL,
	"rsid" text NOT NULL,
	"gene_name" text DEFAULT '' NOT NULL,
	"hgvs_c" text DEFAULT '' NOT NULL,
	"protein" text DEFAULT '' NOT NULL,
	"transcript" text DEFAULT '' NOT NULL,
	"chromosome" text NOT NULL,
	"position_grch37" integer,
	"position_grch38" integer,
	"reference" text NOT NULL,
	"alternative" text NOT NULL,
	"catalogue_reference" text NOT NULL,
	"catalogue_alternative" text NOT NULL,
	"strand_ambiguous" boolean GENERATED ALWAYS AS (upper(reference || alternative) in ('AT', 'TA', 'CG', 'GC')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "markers_position" CHECK ("markers"."position_grch37" is not null or "markers"."position_grch38" is not null),
	CONSTRAINT "markers_chromosome" CHECK ("markers"."chromosome" in ('1','2','3','4','5','6','7','8','9','10','11','12','13','14','15','16','17','18','19','20','21','22','X','Y','MT')),
	CONSTRAINT "markers_alleles" CHECK ("markers"."reference" ~ '^[ACGT]+$' and "markers"."alternative" ~ '^[ACGT]+$' and "markers"."reference" <> "markers"."alternative")
);--> statement-breakpoint
CREATE UNIQUE INDEX "markers_gene_code_key" ON "markers" USING btree (lower("gene_code"));--> statement-breakpoint
CREATE INDEX "markers_rsid_idx" ON "markers" USING btree (lower("rsid"));--> statement-breakpoint
CREATE UNIQUE INDEX "markers_grch37_key" ON "markers" USING btree ("chromosome","position_grch37","reference","alternative");--> statement-breakpoint
CREATE UNIQUE INDEX "markers_grch38_key" ON "markers" USING btree ("chromosome","position_grch38","reference","alternative");--> statement-breakpoint
CREATE TABLE "report_texts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"limitations" text NOT NULL,
	"limitations_en" text NOT NULL,
	"disclaimer" text NOT NULL,
	"disclaimer_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "report_texts_one_row" CHECK ("report_texts"."id" = 1)
);--> statement-breakpoint
CREATE TABLE "result_upload_marker_counts" (
	"upload_id" bigint NOT NULL REFERENCES "result_uploads"("id") ON DELETE cascade,
	"barcode" text NOT NULL,
	"found" integer NOT NULL,
	"no_calls" integer NOT NULL,
	"reference_mismatches" integer NOT NULL,
	"ambiguous_skipped" integer NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "result_upload_marker_counts_pkey" PRIMARY KEY("upload_id","barcode")
);--> statement-breakpoint
ALTER TABLE "result_upload_files" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "result_upload_files" DROP CONSTRAINT "result_upload_files_pkey";--> statement-breakpoint
ALTER TABLE "result_upload_files" ADD CONSTRAINT "result_upload_files_pkey" PRIMARY KEY("upload_id","seq");--> statement-breakpoint
ALTER TABLE "result_uploads" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD COLUMN "genome_build" smallint;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD COLUMN "all_positions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD CONSTRAINT "result_uploads_genome_build" CHECK ("result_uploads"."genome_build" in (37, 38));
