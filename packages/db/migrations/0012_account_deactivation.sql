-- Staff deactivate an account (issue 15): its sessions are revoked at once and sign-in is refused
-- while this is set. Null = active; reactivating clears it.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;
