-- A short-lived secret kept in an HttpOnly cookie of the browser that signed up: with it (and
-- the mailed link) that browser alone is signed in when the address is verified.
ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'signup_browser';
