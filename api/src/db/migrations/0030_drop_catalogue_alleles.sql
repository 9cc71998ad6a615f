ALTER TABLE "markers" DROP COLUMN "catalogue_reference";--> statement-breakpoint
ALTER TABLE "markers" DROP COLUMN "catalogue_alternative";