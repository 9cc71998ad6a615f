-- Two-factor sign-in, the security log, shared rate-limit counters and the demo-password mark.
ALTER TABLE "roles" ADD COLUMN "requires_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Required for roles that reach genetic data or accounts, except in a demo database (its seeded admin
-- exists), so the demo sign-ins keep working.
UPDATE "roles" SET "requires_two_factor" = true
WHERE EXISTS (
  SELECT 1 FROM "role_permissions" rp
  WHERE rp."role_id" = "roles"."id"
    AND split_part(rp."permission", '.', 1) IN ('Products', 'Results', 'Customers', 'Users')
) AND NOT EXISTS (SELECT 1 FROM "users" WHERE lower("email") = 'admin@genodesk.test');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "demo_password" = true WHERE lower("email") LIKE '%@genodesk.test';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "webauthn_challenge_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"public_key" bytea NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"user_id" bigint REFERENCES "users"("id") ON DELETE set null,
	"actor_id" bigint REFERENCES "users"("id") ON DELETE set null,
	"address" text,
	"user_agent" text,
	"detail" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The log's list sorts `occurred_at desc nulls last, id desc`: these indexes read backwards give it.
CREATE INDEX "security_events_occurred_at_idx" ON "security_events" USING btree ("occurred_at" nulls first, "id");--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id", "occurred_at" nulls first, "id");--> statement-breakpoint
CREATE INDEX "security_events_event_idx" ON "security_events" USING btree ("event", "occurred_at" nulls first, "id");--> statement-breakpoint
-- Counters of @fastify/rate-limit shared by every node; losing them in a crash only resets the windows.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
