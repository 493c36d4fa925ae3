CREATE INDEX "one_time_tokens_family_idx" ON "one_time_tokens" USING btree ("family_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "enrollments_created_by_idx" ON "enrollments" USING btree ("created_by");
