CREATE TYPE "public"."recording_source" AS ENUM('call', 'upload');--> statement-breakpoint
CREATE TYPE "public"."summary_type" AS ENUM('brief', 'detailed', 'bullet_points', 'action_items', 'call_notes');--> statement-breakpoint
CREATE TABLE "summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"summary_type" "summary_type" NOT NULL,
	"source_name" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"summary" text DEFAULT '' NOT NULL,
	"engine" varchar(20),
	"job_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "source" "recording_source" DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "domain" varchar(40);--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "original_segments" jsonb;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "unredacted_segments" jsonb;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "redaction_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "original_summary" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "engine" varchar(40);--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "summary_engine" varchar(20);--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "channels" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "job_id" varchar(64);--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcript_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "summary_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "summaries_user_created_idx" ON "summaries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recordings_uploads_idx" ON "recordings" USING btree ("uploaded_by","created_at") WHERE "recordings"."source" = 'upload';