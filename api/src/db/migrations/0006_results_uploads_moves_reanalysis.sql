CREATE TABLE "reanalysis_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reanalysis_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"last_product_id" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" bigint,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reanalysis_runs_status_range" CHECK ("reanalysis_runs"."status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "result_upload_files" (
	"upload_id" bigint PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_upload_samples" (
	"upload_id" bigint NOT NULL,
	"sample_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"barcode" text NOT NULL,
	"product_id" bigint,
	"generated_at" timestamp with time zone,
	"requires_inspection" boolean DEFAULT false NOT NULL,
	CONSTRAINT "result_upload_samples_pkey" PRIMARY KEY("upload_id","sample_id")
);
--> statement-breakpoint
CREATE TABLE "result_upload_unpairables" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_upload_unpairables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"upload_id" bigint NOT NULL,
	"barcode" text NOT NULL,
	"reason" text NOT NULL,
	"line" integer NOT NULL,
	"sample_status" smallint
);
--> statement-breakpoint
CREATE TABLE "result_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"paired" integer DEFAULT 0 NOT NULL,
	"unpairable" integer DEFAULT 0 NOT NULL,
	"to_be_generated" integer DEFAULT 0 NOT NULL,
	"generated" integer DEFAULT 0 NOT NULL,
	"exception" text,
	"exception_en" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" bigint,
	"finished_at" timestamp with time zone,
	CONSTRAINT "result_uploads_status_range" CHECK ("result_uploads"."status" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "legal_guardian_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "legal_guardian_email" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_by_laboratory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pending_section" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "move_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "move_requested_by" bigint;--> statement-breakpoint
ALTER TABLE "reanalysis_runs" ADD CONSTRAINT "reanalysis_runs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reanalysis_runs" ADD CONSTRAINT "reanalysis_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_files" ADD CONSTRAINT "result_upload_files_upload_id_result_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."result_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD CONSTRAINT "result_upload_samples_upload_id_result_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."result_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD CONSTRAINT "result_upload_samples_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD CONSTRAINT "result_upload_samples_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_samples" ADD CONSTRAINT "result_upload_samples_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_upload_unpairables" ADD CONSTRAINT "result_upload_unpairables_upload_id_result_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."result_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_uploads" ADD CONSTRAINT "result_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reanalysis_runs_requested_at_idx" ON "reanalysis_runs" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "reanalysis_runs_product_idx" ON "reanalysis_runs" USING btree ("product_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reanalysis_runs_one_all_active_key" ON "reanalysis_runs" USING btree ((true)) WHERE "reanalysis_runs"."product_id" is null and "reanalysis_runs"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "result_upload_samples_pending_idx" ON "result_upload_samples" USING btree ("upload_id") WHERE "result_upload_samples"."generated_at" is null;--> statement-breakpoint
CREATE INDEX "result_upload_samples_sample_idx" ON "result_upload_samples" USING btree ("sample_id");--> statement-breakpoint
CREATE UNIQUE INDEX "result_upload_unpairables_key" ON "result_upload_unpairables" USING btree ("upload_id","barcode");--> statement-breakpoint
CREATE INDEX "result_uploads_uploaded_at_idx" ON "result_uploads" USING btree ("uploaded_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "result_uploads_file_hash_key" ON "result_uploads" USING btree ("file_hash") WHERE "result_uploads"."status" <> 5;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_move_requested_by_users_id_fk" FOREIGN KEY ("move_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pending_section" CHECK ("products"."pending_section" in ('results', 'doctorSection', 'archive'));