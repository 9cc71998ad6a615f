-- How staff refunded an overpayment (a transfer's reference, the gateway's refund id, cash at the
-- desk), written when they record the refund: a note only beside a recorded refund.
ALTER TABLE "payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_note_refunded" CHECK ("payments"."refund_note" is null or "payments"."refunded_at" is not null);