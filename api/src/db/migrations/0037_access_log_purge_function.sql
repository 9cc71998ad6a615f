-- The retention purge removes old access-log rows through this function, which runs as its owner (the
-- role that migrates): the application's own role holds only INSERT and SELECT on access_log (issue 36),
-- so no connection of the application can delete a row. The append-only trigger still decides.
CREATE FUNCTION purge_access_log(keep interval, batch integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	removed integer;
BEGIN
	IF keep < interval '1 year' THEN
		RAISE EXCEPTION 'the access log is kept at least a year' USING ERRCODE = 'insufficient_privilege';
	END IF;
	PERFORM set_config('genodesk.access_log_purge', 'on', true), set_config('genodesk.access_log_keep', keep::text, true);
	DELETE FROM access_log WHERE id IN (
		SELECT id FROM access_log WHERE occurred_at < now() - keep ORDER BY occurred_at, id LIMIT batch);
	GET DIAGNOSTICS removed = ROW_COUNT;
	PERFORM set_config('genodesk.access_log_purge', 'off', true);
	RETURN removed;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION purge_access_log(interval, integer) FROM PUBLIC;
