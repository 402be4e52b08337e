CREATE TYPE "public"."answer_value" AS ENUM('yes', 'no', 'n/a');--> statement-breakpoint
CREATE TYPE "public"."evaluation_status" AS ENUM('ai_evaluated', 'under_review', 'reviewed', 'acknowledged', 'disputed');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('pending', 'in_queue', 'started', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."scoring_engine" AS ENUM('local', 'llm');--> statement-breakpoint
CREATE TYPE "public"."transcript_speaker" AS ENUM('agent', 'customer');--> statement-breakpoint
CREATE TABLE "call_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"supervisor_id" integer,
	"campaign_id" integer NOT NULL,
	"service_id" integer,
	"evaluation_type_id" integer,
	"template_id" integer NOT NULL,
	"call_time" timestamp with time zone NOT NULL,
	"customer_name" varchar(150) DEFAULT '' NOT NULL,
	"purpose" varchar(200) DEFAULT '' NOT NULL,
	"status" "evaluation_status" DEFAULT 'ai_evaluated' NOT NULL,
	"scoring_status" "job_status" DEFAULT 'pending' NOT NULL,
	"scoring_error" text,
	"engine" "scoring_engine",
	"ai_score" real,
	"ai_auto_fail" boolean DEFAULT false NOT NULL,
	"auditor_score" real,
	"auditor_auto_fail" boolean,
	"scored_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_category_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"ai_score" real,
	"ai_failed" boolean DEFAULT false NOT NULL,
	"auditor_score" real,
	"auditor_failed" boolean
);
--> statement-breakpoint
CREATE TABLE "evaluation_question_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"category_score_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"ai_value" "answer_value" NOT NULL,
	"evaluation_key_word" text,
	"start_seconds" real,
	"justification" text DEFAULT '' NOT NULL,
	"auditor_value" "answer_value",
	"updated_by" integer,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evaluation_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"from_status" "evaluation_status",
	"to_status" "evaluation_status" NOT NULL,
	"changed_by" integer,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"city" varchar(120) DEFAULT '' NOT NULL,
	"country" varchar(120) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"blob_key" varchar(300),
	"mime_type" varchar(100),
	"size_bytes" integer,
	"file_name" varchar(255),
	"duration_s" integer DEFAULT 0 NOT NULL,
	"language" varchar(10) DEFAULT 'en' NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"evaluation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"employee_code" varchar(30) NOT NULL,
	"department_id" integer,
	"location_id" integer,
	"supervisor_id" integer,
	"campaign_id" integer,
	"hired_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_evaluation_type_id_evaluation_types_id_fk" FOREIGN KEY ("evaluation_type_id") REFERENCES "public"."evaluation_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_evaluations" ADD CONSTRAINT "call_evaluations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_category_scores" ADD CONSTRAINT "evaluation_category_scores_evaluation_id_call_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."call_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_category_scores" ADD CONSTRAINT "evaluation_category_scores_category_id_template_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."template_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_question_scores" ADD CONSTRAINT "evaluation_question_scores_evaluation_id_call_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."call_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_question_scores" ADD CONSTRAINT "evaluation_question_scores_category_score_id_evaluation_category_scores_id_fk" FOREIGN KEY ("category_score_id") REFERENCES "public"."evaluation_category_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_question_scores" ADD CONSTRAINT "evaluation_question_scores_question_id_template_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."template_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_question_scores" ADD CONSTRAINT "evaluation_question_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_status_history" ADD CONSTRAINT "evaluation_status_history_evaluation_id_call_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."call_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_status_history" ADD CONSTRAINT "evaluation_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sessions" ADD CONSTRAINT "review_sessions_evaluation_id_call_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."call_evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sessions" ADD CONSTRAINT "review_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_evaluations_call_time_idx" ON "call_evaluations" USING btree ("call_time");--> statement-breakpoint
CREATE INDEX "call_evaluations_agent_idx" ON "call_evaluations" USING btree ("agent_id","call_time");--> statement-breakpoint
CREATE INDEX "call_evaluations_supervisor_idx" ON "call_evaluations" USING btree ("supervisor_id","call_time");--> statement-breakpoint
CREATE INDEX "call_evaluations_campaign_idx" ON "call_evaluations" USING btree ("campaign_id","call_time");--> statement-breakpoint
CREATE INDEX "call_evaluations_status_idx" ON "call_evaluations" USING btree ("status","call_time");--> statement-breakpoint
CREATE INDEX "call_evaluations_template_idx" ON "call_evaluations" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_name_unique" ON "departments" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_category_scores_unique" ON "evaluation_category_scores" USING btree ("evaluation_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_question_scores_unique" ON "evaluation_question_scores" USING btree ("evaluation_id","question_id");--> statement-breakpoint
CREATE INDEX "evaluation_question_scores_category_idx" ON "evaluation_question_scores" USING btree ("category_score_id");--> statement-breakpoint
CREATE INDEX "evaluation_status_history_evaluation_idx" ON "evaluation_status_history" USING btree ("evaluation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_unique" ON "locations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_kid_unique" ON "recordings" USING btree ("kid");--> statement-breakpoint
CREATE INDEX "review_sessions_evaluation_idx" ON "review_sessions" USING btree ("evaluation_id","ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_profiles_employee_code_unique" ON "staff_profiles" USING btree ("employee_code");--> statement-breakpoint
CREATE INDEX "staff_profiles_supervisor_idx" ON "staff_profiles" USING btree ("supervisor_id");