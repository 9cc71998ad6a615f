-- Failed jobs stored their error whole (a failed query's text with its values, issue 36); keep only its codes.
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    UPDATE pgboss.job
       SET output = jsonb_strip_nulls(jsonb_build_object(
             'name', output->>'name',
             'code', output->>'code',
             'message', 'error text removed at upgrade (it could hold personal data)'))
     WHERE state = 'failed' AND output IS NOT NULL;
  END IF;
END $$;
