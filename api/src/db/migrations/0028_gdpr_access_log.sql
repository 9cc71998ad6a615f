CREATE TABLE "access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"entity_id" bigint,
	"customer_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"rows" integer,
	"detail" text,
	"address" text
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "access_log_occurred_at_idx" ON "access_log" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "access_log_user_idx" ON "access_log" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "access_log_kind_idx" ON "access_log" USING btree ("kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "access_log_customer_ids_idx" ON "access_log" USING gin ("customer_ids");--> statement-breakpoint
-- Append-only: no UPDATE, no TRUNCATE, and no DELETE but the retention purge, which says so in its own
-- transaction (set local genodesk.access_log_purge = 'on'; set local genodesk.access_log_keep = '5 years')
-- and removes only rows older than that.
CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keep interval;
BEGIN
	-- Nested, not one AND: SQL does not promise to evaluate an AND's operands in order, and the period is
	-- read only when the purge says so (unset, it is null and nothing is old enough). A period under a
	-- year is refused whatever the session says: no connection can wipe the recent record by naming one.
	IF TG_OP = 'DELETE' AND current_setting('genodesk.access_log_purge', true) = 'on' THEN
		keep := nullif(current_setting('genodesk.access_log_keep', true), '')::interval;
		IF keep >= interval '1 year' THEN
			IF OLD.occurred_at < now() - keep THEN
				RETURN OLD;
			END IF;
		END IF;
	END IF;
	RAISE EXCEPTION 'access_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "access_log_append_only" BEFORE UPDATE OR DELETE ON "access_log"
	FOR EACH ROW EXECUTE FUNCTION access_log_append_only();--> statement-breakpoint
CREATE TRIGGER "access_log_no_truncate" BEFORE TRUNCATE ON "access_log"
	FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
