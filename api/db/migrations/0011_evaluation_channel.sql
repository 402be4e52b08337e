ALTER TABLE "call_evaluations" ALTER COLUMN "recording_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD COLUMN "channel" "interaction_channel" DEFAULT 'call' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_items_evaluation_idx" ON "scoring_items" USING btree ("evaluation_id");