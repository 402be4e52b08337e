ALTER TABLE "recordings" ADD COLUMN "customer_sentiment" real;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "agent_sentiment" real;