-- The withdrawal-password reset gets its own SMS code type, `withdraw`: a code texted to reset the login
-- password (`reset`) must not reset the withdrawal password, nor the other way round. The CHECK of migration
-- 001 (named by PostgreSQL sms_codes_type_check) is replaced by one that also allows `withdraw`.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_type_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_type_check
  CHECK (type IN ('register', 'reset', 'login', 'withdraw'));
