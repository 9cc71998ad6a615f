CREATE TABLE "customer_genotypes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_genotypes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"gene_code" text NOT NULL,
	"gene_name" text DEFAULT '' NOT NULL,
	"hgvs_c" text DEFAULT '' NOT NULL,
	"protein" text DEFAULT '' NOT NULL,
	"transcript" text DEFAULT '' NOT NULL,
	"genotype" text NOT NULL,
	"upload_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_templates" (
	"product_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	CONSTRAINT "product_templates_pkey" PRIMARY KEY("product_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"sample_id" bigint,
	"product_type_id" bigint,
	"status" smallint DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"paired_phenotypes_count" integer DEFAULT 0 NOT NULL,
	"requires_inspection" boolean DEFAULT false NOT NULL,
	"is_in_doctor_section" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"doctor_intro" text DEFAULT '' NOT NULL,
	"doctor_intro_reproductive_genetics" text DEFAULT '' NOT NULL,
	"doctor_intro_reproductive_genetics_enabled" boolean DEFAULT false NOT NULL,
	"doctors_intro_last_change" timestamp with time zone,
	"doctor_id" bigint,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"last_change_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_range" CHECK ("products"."status" between 1 and 5),
	CONSTRAINT "products_paired_count_positive" CHECK ("products"."paired_phenotypes_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customer_genotypes" ADD CONSTRAINT "customer_genotypes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_templates" ADD CONSTRAINT "product_templates_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_genotypes_gene_key" ON "customer_genotypes" USING btree ("customer_id",lower("gene_code"));--> statement-breakpoint
CREATE INDEX "product_templates_template_idx" ON "product_templates" USING btree ("template_id","product_id");--> statement-breakpoint
CREATE INDEX "products_customer_id_idx" ON "products" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "products_sample_id_idx" ON "products" USING btree ("sample_id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","generated_at");--> statement-breakpoint
CREATE INDEX "products_section_idx" ON "products" USING btree ("is_archived","is_in_doctor_section","generated_at");--> statement-breakpoint
CREATE INDEX "products_generated_at_idx" ON "products" USING btree ("generated_at");