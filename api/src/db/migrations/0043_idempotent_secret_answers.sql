-- Answers that held a secret shown once (a temporary password, an authenticator key, recovery codes, a
-- calendar feed's URL) are no longer kept (http/idempotency.ts, the contract's `secretAnswers`); those
-- stored before go the same way: recorded as done, without their body.
update idempotent_requests set body = null, content_type = null
 where status is not null
   and body is not null
   and (body like '%"temporaryPassword"%' or body like '%"recoveryCodes"%' or body like '%"otpauth%'
        or body like '%"secret"%' or body like '%/calendar/feed/%');
