CREATE TABLE "delivery_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "delivery_channels_channel" CHECK ("delivery_channels"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
INSERT INTO "delivery_channels" ("channel") VALUES ('email'), ('sms');
