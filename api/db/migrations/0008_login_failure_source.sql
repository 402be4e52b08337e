ALTER TABLE "login_failures" ADD COLUMN "source" varchar(64);--> statement-breakpoint
CREATE INDEX "login_failures_email_source_idx" ON "login_failures" USING btree ("email","source","created_at");