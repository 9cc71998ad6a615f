CREATE TABLE "order_vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"applied_by" bigint,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_vouchers_amount_not_negative" CHECK ("order_vouchers"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"code" text NOT NULL,
	"amount" integer,
	"currency" text DEFAULT 'CZK' NOT NULL,
	"product_type_id" bigint,
	"voucher_type" smallint NOT NULL,
	"valid_to" date NOT NULL,
	"for_who" text,
	"from_who" text,
	"max_usage_count" integer NOT NULL,
	"remaining_usage_count" integer NOT NULL,
	"redeemed" boolean DEFAULT false NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(code || ' ' || coalesce(for_who, '') || ' ' || coalesce(from_who, ''))) STORED NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_kind_range" CHECK ("vouchers"."kind" in (1, 2)),
	CONSTRAINT "vouchers_type_range" CHECK ("vouchers"."voucher_type" in (1, 2)),
	CONSTRAINT "vouchers_kind_fields" CHECK (("vouchers"."kind" = 1 and "vouchers"."amount" is not null and "vouchers"."product_type_id" is null) or ("vouchers"."kind" = 2 and "vouchers"."amount" is null and "vouchers"."product_type_id" is not null)),
	CONSTRAINT "vouchers_amount_not_negative" CHECK ("vouchers"."amount" is null or "vouchers"."amount" >= 0),
	CONSTRAINT "vouchers_gift_only_names" CHECK ("vouchers"."voucher_type" = 2 or ("vouchers"."for_who" is null and "vouchers"."from_who" is null)),
	CONSTRAINT "vouchers_max_usage_positive" CHECK ("vouchers"."max_usage_count" >= 1),
	CONSTRAINT "vouchers_remaining_usage_range" CHECK ("vouchers"."remaining_usage_count" >= 0 and "vouchers"."remaining_usage_count" <= "vouchers"."max_usage_count"),
	CONSTRAINT "vouchers_redeemed" CHECK ("vouchers"."redeemed" = ("vouchers"."remaining_usage_count" = 0)),
	CONSTRAINT "vouchers_currency" CHECK ("vouchers"."currency" = 'CZK')
);
--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_vouchers_order_voucher_key" ON "order_vouchers" USING btree ("order_id","voucher_id");--> statement-breakpoint
CREATE INDEX "order_vouchers_voucher_idx" ON "order_vouchers" USING btree ("voucher_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_lower_key" ON "vouchers" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "vouchers_created_sort_idx" ON "vouchers" USING btree ("created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_code_sort_idx" ON "vouchers" USING btree (lower("code") nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_valid_to_sort_idx" ON "vouchers" USING btree ("valid_to" nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_amount_sort_idx" ON "vouchers" USING btree ("amount" nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_remaining_sort_idx" ON "vouchers" USING btree ("remaining_usage_count" nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_kind_created_sort_idx" ON "vouchers" USING btree ("kind","created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "vouchers_product_type_id_idx" ON "vouchers" USING btree ("product_type_id");--> statement-breakpoint
CREATE INDEX "vouchers_search_trgm_idx" ON "vouchers" USING gin ("search" gin_trgm_ops);