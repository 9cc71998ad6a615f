CREATE TABLE "combination_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "combination_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"risk" smallint NOT NULL,
	"text" text NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "combination_rules_risk_range" CHECK ("combination_rules"."risk" between 1 and 4),
	CONSTRAINT "combination_rules_two_conditions" CHECK (jsonb_array_length("combination_rules"."conditions") >= 2)
);
--> statement-breakpoint
ALTER TABLE "combination_rules" ADD CONSTRAINT "combination_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combination_rules" ADD CONSTRAINT "combination_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "combination_rules_name_key" ON "combination_rules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "combination_rules_created_at_idx" ON "combination_rules" USING btree ("created_at");