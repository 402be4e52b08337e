CREATE TYPE "public"."allergy_criticality" AS ENUM('low', 'high', 'unable-to-assess');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('proposed', 'pending', 'booked', 'arrived', 'checked-in', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'waitlist');--> statement-breakpoint
CREATE TYPE "public"."call_task_kind" AS ENUM('confirmation', 'waitlist_offer');--> statement-breakpoint
CREATE TYPE "public"."call_task_status" AS ENUM('open', 'done', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."encounter_status" AS ENUM('planned', 'arrived', 'in-progress', 'finished', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."patient_gender" AS ENUM('female', 'male', 'other', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."medication_status" AS ENUM('active', 'completed', 'stopped', 'on-hold');--> statement-breakpoint
CREATE TYPE "public"."problem_status" AS ENUM('active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."record_access_kind" AS ENUM('record', 'summary');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'booked', 'removed');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'clinician';--> statement-breakpoint
CREATE TABLE "appointment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(30) NOT NULL,
	"from_status" "appointment_status",
	"to_status" "appointment_status",
	"reason" varchar(300),
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"practitioner_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"visit_type_id" integer NOT NULL,
	"status" "appointment_status" NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"booking_note" varchar(500) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(300),
	"booked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_times" CHECK ("appointments"."start_at" < "appointments"."end_at" and "appointments"."end_at" <= "appointments"."blocked_until")
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practitioner_id" integer NOT NULL,
	"site_id" integer,
	"date" date NOT NULL,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"available" boolean NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"practitioner_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	CONSTRAINT "availability_rules_weekday" CHECK ("availability_rules"."weekday" between 0 and 6),
	CONSTRAINT "availability_rules_times" CHECK ("availability_rules"."start_time" < "availability_rules"."end_time")
);
--> statement-breakpoint
CREATE TABLE "call_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "call_task_kind" NOT NULL,
	"status" "call_task_status" DEFAULT 'open' NOT NULL,
	"patient_id" integer NOT NULL,
	"appointment_id" integer,
	"waitlist_entry_id" integer,
	"offer" jsonb,
	"due_at" timestamp with time zone NOT NULL,
	"outcome" varchar(300),
	"done_by" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer,
	"code" varchar(40) NOT NULL,
	"name" varchar(150) NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"time_zone" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"encounter_id" integer,
	"author_id" integer,
	"title" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer,
	"patient_id" integer NOT NULL,
	"practitioner_id" integer,
	"site_id" integer,
	"status" "encounter_status" NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"patient_id" integer NOT NULL,
	"kind" "record_access_kind" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_allergies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"substance" varchar(150) NOT NULL,
	"reaction" varchar(200) DEFAULT '' NOT NULL,
	"criticality" "allergy_criticality" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"dosage" varchar(200) DEFAULT '' NOT NULL,
	"status" "medication_status" NOT NULL,
	"started_on" date
);
--> statement-breakpoint
CREATE TABLE "patient_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"description" varchar(200) NOT NULL,
	"clinical_status" "problem_status" NOT NULL,
	"onset_date" date
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"mrn" varchar(20) NOT NULL,
	"given_name" varchar(100) NOT NULL,
	"family_name" varchar(100) NOT NULL,
	"birth_date" date NOT NULL,
	"gender" "patient_gender" NOT NULL,
	"phone" varchar(40) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"preferred_language" varchar(20) DEFAULT 'en' NOT NULL,
	"address" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioner_visit_types" (
	"practitioner_id" integer NOT NULL,
	"visit_type_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"prefix" varchar(20) DEFAULT '' NOT NULL,
	"given_name" varchar(100) NOT NULL,
	"family_name" varchar(100) NOT NULL,
	"specialty" varchar(100) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(150) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "visit_types_duration_positive" CHECK ("visit_types"."duration_minutes" > 0 and "visit_types"."buffer_minutes" >= 0 and "visit_types"."min_notice_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"visit_type_id" integer NOT NULL,
	"practitioner_id" integer,
	"site_id" integer,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_events" ADD CONSTRAINT "appointment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_site_id_clinic_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clinic_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_site_id_clinic_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clinic_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_site_id_clinic_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clinic_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_tasks" ADD CONSTRAINT "call_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_sites" ADD CONSTRAINT "clinic_sites_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_author_id_practitioners_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."practitioners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_site_id_clinic_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clinic_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_allergies" ADD CONSTRAINT "patient_allergies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medications" ADD CONSTRAINT "patient_medications_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_problems" ADD CONSTRAINT "patient_problems_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_visit_types" ADD CONSTRAINT "practitioner_visit_types_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_visit_types" ADD CONSTRAINT "practitioner_visit_types_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_site_id_clinic_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clinic_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_appointment_idx" ON "appointment_events" USING btree ("appointment_id","at");--> statement-breakpoint
CREATE INDEX "appointments_start_idx" ON "appointments" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "appointments_practitioner_idx" ON "appointments" USING btree ("practitioner_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_idx" ON "appointments" USING btree ("patient_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_status_idx" ON "appointments" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "availability_exceptions_practitioner_idx" ON "availability_exceptions" USING btree ("practitioner_id","date");--> statement-breakpoint
CREATE INDEX "availability_rules_practitioner_idx" ON "availability_rules" USING btree ("practitioner_id","site_id");--> statement-breakpoint
CREATE INDEX "call_tasks_open_idx" ON "call_tasks" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "call_tasks_confirmation_unique" ON "call_tasks" USING btree ("appointment_id") WHERE "call_tasks"."kind" = 'confirmation';--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_sites_code_unique" ON "clinic_sites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "clinical_notes_patient_idx" ON "clinical_notes" USING btree ("patient_id","written_at");--> statement-breakpoint
CREATE UNIQUE INDEX "encounters_appointment_unique" ON "encounters" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "encounters_patient_idx" ON "encounters" USING btree ("patient_id","started_at");--> statement-breakpoint
CREATE INDEX "patient_access_log_at_idx" ON "patient_access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "patient_access_log_patient_idx" ON "patient_access_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "patient_allergies_patient_idx" ON "patient_allergies" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_medications_patient_idx" ON "patient_medications" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_problems_patient_idx" ON "patient_problems" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_mrn_unique" ON "patients" USING btree ("mrn");--> statement-breakpoint
CREATE INDEX "patients_family_name_idx" ON "patients" USING btree (lower("family_name"));--> statement-breakpoint
CREATE INDEX "patients_birth_date_idx" ON "patients" USING btree ("birth_date");--> statement-breakpoint
CREATE UNIQUE INDEX "practitioner_visit_types_unique" ON "practitioner_visit_types" USING btree ("practitioner_id","visit_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practitioners_code_unique" ON "practitioners" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_types_code_unique" ON "visit_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("visit_type_id","status","created_at");--> statement-breakpoint
-- Double booking is impossible (docs/decisions/017): drizzle cannot describe ranges or exclusion
-- constraints, so they are written here. A practitioner's held time, its buffer included, never
-- overlaps another appointment of theirs that holds a slot; a patient is never in two at once.
-- The statuses listed are contract/reshub.ts's slotHoldingStatuses.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_no_overlap" EXCLUDE USING gist ("practitioner_id" WITH =, tstzrange("start_at", "blocked_until") WITH &&) WHERE ("status" IN ('proposed', 'pending', 'booked', 'arrived', 'checked-in', 'fulfilled'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap" EXCLUDE USING gist ("patient_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" IN ('proposed', 'pending', 'booked', 'arrived', 'checked-in', 'fulfilled'));
