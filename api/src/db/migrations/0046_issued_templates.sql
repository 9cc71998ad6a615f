ALTER TABLE "report_documents" ADD COLUMN "template_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Versions issued before: nothing recorded what they told, so the report's templates now stand for it
-- (what the e-mails of a changed template went by until now).
UPDATE "report_documents" d SET "template_ids" = coalesce(
  (select array_agg(pt.template_id order by pt.template_id) from "product_templates" pt where pt.product_id = d.product_id),
  '{}');--> statement-breakpoint
CREATE INDEX "report_documents_template_ids_idx" ON "report_documents" USING gin ("template_ids");
