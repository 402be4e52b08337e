CREATE TYPE "public"."expected_answer" AS ENUM('yes', 'no');--> statement-breakpoint
CREATE TYPE "public"."speaker_choice" AS ENUM('agent', 'customer', 'any');--> statement-breakpoint
CREATE TYPE "public"."template_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TABLE "template_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"auto_failed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_text" varchar(500) NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"expected_answer" "expected_answer" DEFAULT 'yes' NOT NULL,
	"evidence_phrases" jsonb NOT NULL,
	"speaker" "speaker_choice" DEFAULT 'agent' NOT NULL,
	"within_first_s" integer,
	"within_last_s" integer,
	"applies_when_phrases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applies_when_speaker" "speaker_choice" DEFAULT 'customer' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"internal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "template_status" DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_categories" ADD CONSTRAINT "template_categories_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_questions" ADD CONSTRAINT "template_questions_category_id_template_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."template_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_categories_template_idx" ON "template_categories" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "template_questions_category_idx" ON "template_questions" USING btree ("category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_internal_version_unique" ON "templates" USING btree ("internal_id","version");--> statement-breakpoint
CREATE INDEX "templates_latest_idx" ON "templates" USING btree ("is_latest","status");