-- The user's email address (user/update/email). There is no mail service: the address is stored as typed
-- (domain lower-cased) and never verified; NULL until the user sets one.
ALTER TABLE users ADD COLUMN email TEXT;
