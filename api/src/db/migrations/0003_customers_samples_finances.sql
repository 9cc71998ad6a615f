CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999999999 START WITH 2400001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."barcode_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "customer_relationships" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"requested_partner_full_name" text,
	"requested_partner_email" text,
	"partner_id" bigint,
	"requested_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by" bigint,
	CONSTRAINT "customer_relationships_status" CHECK ("customer_relationships"."status" in ('NOT_REQUESTED', 'REQUESTED', 'ACCEPTED')),
	CONSTRAINT "customer_relationships_not_self" CHECK ("customer_relationships"."partner_id" is null or "customer_relationships"."partner_id" <> "customer_relationships"."customer_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"gender" smallint DEFAULT 2 NOT NULL,
	"date_of_birth" date,
	"phone_prefix" text DEFAULT '+420' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"street_number" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"ext_id" text,
	"open_lims_id" text,
	"registration_source" smallint NOT NULL,
	"date_registration" timestamp with time zone DEFAULT now() NOT NULL,
	"agreed_to_data_processing" boolean DEFAULT false NOT NULL,
	"agreed_to_terms_of_service" boolean DEFAULT false NOT NULL,
	"agreed_to_dna_analysis" boolean DEFAULT false NOT NULL,
	"dna_sample_usage_status" smallint,
	"agreed_to_scientific_use" boolean DEFAULT false NOT NULL,
	"agreed_to_sample_examination" boolean DEFAULT false NOT NULL,
	"dna_agreement_was_digital" boolean DEFAULT false NOT NULL,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	"notify_by_sms" boolean DEFAULT true NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(name || ' ' || surname || ' ' || email || ' ' || phone_prefix || phone || ' ' || phone || ' ' || coalesce(ext_id, '') || ' ' || coalesce(open_lims_id, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_gender_range" CHECK ("customers"."gender" between 1 and 2),
	CONSTRAINT "customers_registration_source_range" CHECK ("customers"."registration_source" between 1 and 3),
	CONSTRAINT "customers_dna_sample_usage_range" CHECK ("customers"."dna_sample_usage_status" is null or "customers"."dna_sample_usage_status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"order_number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"product_type_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CZK' NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"paid_by" smallint DEFAULT 6 NOT NULL,
	"date_order_paid" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_not_negative" CHECK ("orders"."amount" >= 0),
	CONSTRAINT "orders_paid_by_range" CHECK ("orders"."paid_by" between 1 and 6),
	CONSTRAINT "orders_currency" CHECK ("orders"."currency" = 'CZK')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"method" smallint NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'CZK' NOT NULL,
	"card_status" smallint,
	"transaction_id" text,
	"ref_id" text,
	"variable_symbol" text,
	"account" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_range" CHECK ("payments"."method" between 1 and 6),
	CONSTRAINT "payments_card_status_range" CHECK ("payments"."card_status" is null or "payments"."card_status" between 1 and 4),
	CONSTRAINT "payments_card_status_only_card" CHECK ("payments"."card_status" is null or "payments"."method" = 1),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_currency" CHECK ("payments"."currency" = 'CZK')
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'CZK' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_types_price_positive" CHECK ("product_types"."price" > 0),
	CONSTRAINT "product_types_currency" CHECK ("product_types"."currency" = 'CZK')
);
--> statement-breakpoint
CREATE TABLE "barcode_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "barcode_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint
);
--> statement-breakpoint
CREATE TABLE "barcodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "barcodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"batch_id" bigint NOT NULL,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "barcodes_code_format" CHECK ("barcodes"."code" ~ '^GD[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"order_id" bigint,
	"status" smallint NOT NULL,
	"barcode_id" bigint,
	"sent_at" timestamp with time zone,
	"sent_by" bigint,
	"received_at" timestamp with time zone,
	"received_by" bigint,
	"analysis_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samples_status_range" CHECK ("samples"."status" between 1 and 11)
);
--> statement-breakpoint
ALTER TABLE "customer_relationships" ADD CONSTRAINT "customer_relationships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_relationships" ADD CONSTRAINT "customer_relationships_partner_id_customers_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_relationships" ADD CONSTRAINT "customer_relationships_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcode_batches" ADD CONSTRAINT "barcode_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_batch_id_barcode_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."barcode_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_barcode_id_barcodes_id_fk" FOREIGN KEY ("barcode_id") REFERENCES "public"."barcodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_relationships_partner_key" ON "customer_relationships" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "customer_relationships_status_idx" ON "customer_relationships" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "customer_relationships_requested_at_idx" ON "customer_relationships" USING btree ("requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "customers_surname_idx" ON "customers" USING btree (lower("surname"));--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone_prefix","phone");--> statement-breakpoint
CREATE INDEX "customers_ext_id_idx" ON "customers" USING btree ("ext_id");--> statement-breakpoint
CREATE INDEX "customers_open_lims_id_idx" ON "customers" USING btree ("open_lims_id");--> statement-breakpoint
CREATE INDEX "customers_registration_source_idx" ON "customers" USING btree ("registration_source","date_registration");--> statement-breakpoint
CREATE INDEX "customers_date_registration_idx" ON "customers" USING btree ("date_registration");--> statement-breakpoint
CREATE INDEX "customers_date_of_birth_idx" ON "customers" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree (lower("city"));--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaires_customer_key" ON "questionnaires" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "questionnaires_filled_at_idx" ON "questionnaires" USING btree ("filled_at");--> statement-breakpoint
CREATE INDEX "questionnaires_updated_at_idx" ON "questionnaires" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_customer_id_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_product_type_id_idx" ON "orders" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_incomplete_idx" ON "orders" USING btree ("created_at") WHERE not "orders"."complete";--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_method_idx" ON "payments" USING btree ("method","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_types_name_lower_key" ON "product_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_types_price_idx" ON "product_types" USING btree ("price");--> statement-breakpoint
CREATE INDEX "barcode_batches_created_at_idx" ON "barcode_batches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "barcodes_code_key" ON "barcodes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "barcodes_batch_id_idx" ON "barcodes" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "barcodes_free_idx" ON "barcodes" USING btree ("id") WHERE "barcodes"."assigned_at" is null;--> statement-breakpoint
CREATE INDEX "barcodes_assigned_at_idx" ON "barcodes" USING btree ("assigned_at");--> statement-breakpoint
CREATE INDEX "barcodes_created_at_idx" ON "barcodes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "samples_barcode_key" ON "samples" USING btree ("barcode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "samples_order_key" ON "samples" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "samples_customer_id_idx" ON "samples" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "samples_status_idx" ON "samples" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "samples_updated_at_idx" ON "samples" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "samples_received_at_idx" ON "samples" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "samples_created_at_idx" ON "samples" USING btree ("created_at");