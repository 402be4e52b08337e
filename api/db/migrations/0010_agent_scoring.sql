CREATE TYPE "public"."interaction_channel" AS ENUM('call', 'chat', 'email');--> statement-breakpoint
CREATE TYPE "public"."evidence_check" AS ENUM('verified', 'repaired', 'unverified');--> statement-breakpoint
CREATE TYPE "public"."scoring_reject_reason" AS ENUM('wrong_verdict', 'evidence_not_in_conversation', 'criterion_unclear', 'not_scorable');--> statement-breakpoint
CREATE TYPE "public"."scoring_bucket" AS ENUM('pending', 'ai_reviewed', 'ai_accepted', 'ai_rejected');--> statement-breakpoint
CREATE TYPE "public"."scoring_event" AS ENUM('created', 'scored', 'not_scorable', 'failed', 'rescore', 'claimed', 'released', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "scoring_item_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"event" "scoring_event" NOT NULL,
	"from_bucket" "scoring_bucket",
	"to_bucket" "scoring_bucket" NOT NULL,
	"actor_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "interaction_channel" NOT NULL,
	"bucket" "scoring_bucket" DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" varchar(200) NOT NULL,
	"agent_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"recording_id" integer,
	"turns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_status" "job_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"not_scorable_reason" varchar(40),
	"engine" "scoring_engine",
	"model" varchar(100),
	"ai_score" real,
	"ai_auto_fail" boolean DEFAULT false NOT NULL,
	"confidence" real,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"evaluation_id" integer,
	"created_by" integer,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"ai_value" "answer_value" NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_check" "evidence_check" DEFAULT 'unverified' NOT NULL,
	"confidence" real NOT NULL,
	"corrected_value" "answer_value",
	"reason_code" "scoring_reject_reason",
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "default_template_internal_id" uuid;--> statement-breakpoint
ALTER TABLE "scoring_item_events" ADD CONSTRAINT "scoring_item_events_item_id_scoring_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."scoring_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_item_events" ADD CONSTRAINT "scoring_item_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_evaluation_id_call_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."call_evaluations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_items" ADD CONSTRAINT "scoring_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_results" ADD CONSTRAINT "scoring_results_item_id_scoring_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."scoring_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_results" ADD CONSTRAINT "scoring_results_question_id_template_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."template_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scoring_item_events_item_idx" ON "scoring_item_events" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "scoring_items_bucket_idx" ON "scoring_items" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE INDEX "scoring_items_agent_idx" ON "scoring_items" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "scoring_items_campaign_idx" ON "scoring_items" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "scoring_items_template_idx" ON "scoring_items" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_results_unique" ON "scoring_results" USING btree ("item_id","question_id");