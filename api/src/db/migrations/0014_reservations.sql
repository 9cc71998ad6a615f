CREATE SEQUENCE "public"."reservation_series_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "consulting_rooms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consulting_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" smallint DEFAULT 1 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"doctor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consulting_rooms_color_range" CHECK ("consulting_rooms"."color" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"consulting_room_id" bigint NOT NULL,
	"reservation_type" smallint DEFAULT 0 NOT NULL,
	"customer_id" bigint,
	"is_fake" boolean DEFAULT false NOT NULL,
	"consultation_start" timestamp with time zone NOT NULL,
	"consultation_end" timestamp with time zone NOT NULL,
	"series_id" bigint,
	"occurrence" smallint DEFAULT 0 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" bigint,
	"reminded_for_start" timestamp with time zone,
	"reminder_outbox_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_type_range" CHECK ("reservations"."reservation_type" between 0 and 2),
	CONSTRAINT "reservations_end_after_start" CHECK ("reservations"."consultation_end" > "reservations"."consultation_start"),
	CONSTRAINT "reservations_customer_or_fake" CHECK (not ("reservations"."customer_id" is not null and "reservations"."is_fake")),
	CONSTRAINT "reservations_occurrence_range" CHECK ("reservations"."occurrence" between 0 and 12)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consulting_rooms" ADD CONSTRAINT "consulting_rooms_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_consulting_room_id_consulting_rooms_id_fk" FOREIGN KEY ("consulting_room_id") REFERENCES "public"."consulting_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consulting_rooms_name_lower_key" ON "consulting_rooms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "consulting_rooms_name_sort_idx" ON "consulting_rooms" USING btree (lower("name") nulls first,"id");--> statement-breakpoint
CREATE INDEX "consulting_rooms_created_sort_idx" ON "consulting_rooms" USING btree ("created_at" nulls first,"id");--> statement-breakpoint
CREATE INDEX "consulting_rooms_doctor_id_idx" ON "consulting_rooms" USING btree ("doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_uid_key" ON "reservations" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "reservations_room_start_idx" ON "reservations" USING btree ("consulting_room_id","consultation_start");--> statement-breakpoint
CREATE INDEX "reservations_customer_start_idx" ON "reservations" USING btree ("customer_id","consultation_start");--> statement-breakpoint
CREATE INDEX "reservations_series_idx" ON "reservations" USING btree ("series_id","occurrence");--> statement-breakpoint
CREATE INDEX "reservations_live_start_idx" ON "reservations" USING btree ("consultation_start") WHERE "reservations"."cancelled_at" is null;--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express it): two live reservations of one consulting room never
-- overlap, whatever races; half-open ranges, so back-to-back slots fit. Its GiST index also serves the
-- calendar's reads of a range per room.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist ("consulting_room_id" WITH =, tstzrange("consultation_start", "consultation_end") WITH &&) WHERE ("cancelled_at" IS NULL);
