CREATE TABLE "gene_combinations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gene_combinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subcategory_id" bigint NOT NULL,
	"gene_codes" text[] NOT NULL,
	"gene_key" text NOT NULL,
	"phenotype" text NOT NULL,
	"phenotype_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 3 NOT NULL,
	"default_template" text DEFAULT '' NOT NULL,
	"default_template_en" text DEFAULT '' NOT NULL,
	"default_template_risk" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gene_combinations_gender_range" CHECK ("gene_combinations"."gender" between 1 and 3),
	CONSTRAINT "gene_combinations_default_risk_range" CHECK ("gene_combinations"."default_template_risk" is null or "gene_combinations"."default_template_risk" between 1 and 4),
	CONSTRAINT "gene_combinations_has_genes" CHECK (cardinality("gene_combinations"."gene_codes") >= 1)
);
--> statement-breakpoint
CREATE TABLE "template_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"references" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_categories_not_own_parent" CHECK ("template_categories"."parent_id" is null or "template_categories"."parent_id" <> "template_categories"."id")
);
--> statement-breakpoint
CREATE TABLE "template_genotype_combinations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_genotype_combinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"gene_combination_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"genotypes" jsonb NOT NULL,
	"genotype_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gene_combination_id" bigint NOT NULL,
	"template_text" text NOT NULL,
	"template_en_text" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"risk" smallint NOT NULL,
	"customer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "templates_id_gene_combination_key" UNIQUE("id","gene_combination_id"),
	CONSTRAINT "templates_risk_range" CHECK ("templates"."risk" between 1 and 4),
	CONSTRAINT "templates_customer_count_positive" CHECK ("templates"."customer_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gene_combinations" ADD CONSTRAINT "gene_combinations_subcategory_id_template_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."template_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_categories" ADD CONSTRAINT "template_categories_parent_id_template_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."template_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_genotype_combinations" ADD CONSTRAINT "template_genotype_combinations_template_fk" FOREIGN KEY ("template_id","gene_combination_id") REFERENCES "public"."templates"("id","gene_combination_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_gene_combination_id_gene_combinations_id_fk" FOREIGN KEY ("gene_combination_id") REFERENCES "public"."gene_combinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gene_combinations_gene_key" ON "gene_combinations" USING btree ("gene_key");--> statement-breakpoint
CREATE INDEX "gene_combinations_subcategory_id_idx" ON "gene_combinations" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "gene_combinations_phenotype_idx" ON "gene_combinations" USING btree (lower("phenotype"));--> statement-breakpoint
CREATE INDEX "gene_combinations_phenotype_en_idx" ON "gene_combinations" USING btree (lower("phenotype_en"));--> statement-breakpoint
CREATE INDEX "gene_combinations_gender_idx" ON "gene_combinations" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "gene_combinations_default_risk_idx" ON "gene_combinations" USING btree ("default_template_risk");--> statement-breakpoint
CREATE INDEX "gene_combinations_created_at_idx" ON "gene_combinations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gene_combinations_search_trgm_idx" ON "gene_combinations" USING gin ((lower("phenotype" || ' ' || "phenotype_en" || ' ' || "gene_key")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "template_categories_name_key" ON "template_categories" USING btree (coalesce("parent_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "template_categories_parent_id_idx" ON "template_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "template_categories_name_en_idx" ON "template_categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "template_categories_created_at_idx" ON "template_categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "template_categories_search_trgm_idx" ON "template_categories" USING gin ((lower("name" || ' ' || "name_en")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "template_genotype_combinations_key" ON "template_genotype_combinations" USING btree ("gene_combination_id","genotype_key");--> statement-breakpoint
CREATE INDEX "template_genotype_combinations_template_idx" ON "template_genotype_combinations" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "templates_gene_combination_id_idx" ON "templates" USING btree ("gene_combination_id");--> statement-breakpoint
CREATE INDEX "templates_risk_idx" ON "templates" USING btree ("risk");--> statement-breakpoint
CREATE INDEX "templates_customer_count_idx" ON "templates" USING btree ("customer_count");--> statement-breakpoint
CREATE INDEX "templates_created_at_idx" ON "templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "templates_updated_at_idx" ON "templates" USING btree ("updated_at");