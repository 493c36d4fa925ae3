-- A seat a membership stopped covering remembers which membership that was (decision 0034), so
-- re-attaching the child to the same membership cannot confirm it again without a payment.
ALTER TABLE "enrollments" ADD COLUMN "uncovered_subscription_id" uuid;
