CREATE TABLE "bank_statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"statement_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"counter_account" text NOT NULL,
	"counter_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"credit" boolean NOT NULL,
	"variable_symbol" text NOT NULL,
	"value_date" date,
	"outcome" text NOT NULL,
	"payment_id" bigint,
	CONSTRAINT "bank_statement_lines_outcome" CHECK ("bank_statement_lines"."outcome" in ('matched', 'unknownVariableSymbol', 'amountDiffers', 'alreadyPaid', 'notCredit'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"account" text NOT NULL,
	"statement_date" date,
	"lines" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"imported_by" bigint,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_incomplete_idx";--> statement-breakpoint
DROP INDEX "payments_created_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sampling_at_centre" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_by" bigint;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_file_hash_key" ON "bank_statements" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "bank_statements_imported_at_idx" ON "bank_statements" USING btree ("imported_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_sort_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_incomplete_sort_idx" ON "orders" USING btree ("created_at","id") WHERE not "orders"."complete";--> statement-breakpoint
CREATE INDEX "payments_created_sort_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_completed_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."completed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_id_key" ON "payments" USING btree ("transaction_id") WHERE "payments"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_ref_id_idx" ON "payments" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "payments_variable_symbol_idx" ON "payments" USING btree ("variable_symbol");