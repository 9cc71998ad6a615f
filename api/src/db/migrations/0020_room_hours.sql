ALTER TABLE "consulting_rooms" ADD COLUMN "opens_at" time DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "consulting_rooms" ADD COLUMN "closes_at" time DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "consulting_rooms" ADD COLUMN "open_days" smallint[] DEFAULT '{1,2,3,4,5}' NOT NULL;--> statement-breakpoint
ALTER TABLE "consulting_rooms" ADD CONSTRAINT "consulting_rooms_hours_check" CHECK ("consulting_rooms"."closes_at" > "consulting_rooms"."opens_at");--> statement-breakpoint
ALTER TABLE "consulting_rooms" ADD CONSTRAINT "consulting_rooms_open_days_check" CHECK ("consulting_rooms"."open_days" <@ '{1,2,3,4,5,6,7}'::smallint[]);