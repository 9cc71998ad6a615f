-- Written by hand (drizzle-kit cannot express it): a customer never has two live reservations that
-- overlap, in one room or in two, whatever races — like `reservations_no_overlap` for a room; half-open
-- ranges, so back-to-back consultations fit. Free and blocked slots have no customer and are left out.
--
-- Double bookings made before this rule would stop the constraint: of each customer's overlapping live
-- reservations the one booked first (lowest id) stays and the later one is cancelled, audited as a
-- cancellation by nobody (the system), lowest id first, so that a chain A–B–C loses only B.
DO $$
DECLARE
	victim bigint;
BEGIN
	LOOP
		SELECT later.id INTO victim
		FROM reservations later
		WHERE later.cancelled_at IS NULL AND later.customer_id IS NOT NULL
			AND EXISTS (
				SELECT 1 FROM reservations earlier
				WHERE earlier.customer_id = later.customer_id AND earlier.id < later.id
					AND earlier.cancelled_at IS NULL
					AND tstzrange(earlier.consultation_start, earlier.consultation_end)
						&& tstzrange(later.consultation_start, later.consultation_end))
		ORDER BY later.id
		LIMIT 1;
		EXIT WHEN victim IS NULL;
		UPDATE reservations SET cancelled_at = now(), sequence = sequence + 1, updated_at = now() WHERE id = victim;
		INSERT INTO audit_log (entity, entity_id, field, old_value, new_value)
		SELECT 'reservation', id, 'cancelled', NULL,
			to_char(consultation_start AT TIME ZONE 'Europe/Prague', 'YYYY-MM-DD"T"HH24:MI:SS')
		FROM reservations WHERE id = victim;
	END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_no_overlap" EXCLUDE USING gist ("customer_id" WITH =, tstzrange("consultation_start", "consultation_end") WITH &&) WHERE ("cancelled_at" IS NULL AND "customer_id" IS NOT NULL);
