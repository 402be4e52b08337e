CREATE TYPE "public"."document_type" AS ENUM('id_card', 'invoice', 'form', 'other');--> statement-breakpoint
CREATE TYPE "public"."face_scan_decision" AS ENUM('validated', 'invalidated');--> statement-breakpoint
CREATE TYPE "public"."face_scan_kind" AS ENUM('verify', 'identify');--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_type" "document_type" NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" varchar(300) NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"confidence" real,
	"text" text DEFAULT '' NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" varchar(40),
	"job_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "face_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"external_id" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"blob_key" varchar(300) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"face" jsonb NOT NULL,
	"descriptor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "face_scan_kind" NOT NULL,
	"decision" "face_scan_decision" NOT NULL,
	"person_id" integer,
	"distance" real,
	"threshold" real NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"liveness" jsonb NOT NULL,
	"face" jsonb,
	"landmarks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blob_key" varchar(300),
	"mime_type" varchar(100),
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_people" ADD CONSTRAINT "face_people_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_photos" ADD CONSTRAINT "face_photos_person_id_face_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."face_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_scans" ADD CONSTRAINT "face_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_scans" ADD CONSTRAINT "face_scans_person_id_face_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."face_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "face_people_owner_idx" ON "face_people" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "face_photos_person_idx" ON "face_photos" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "face_scans_user_created_idx" ON "face_scans" USING btree ("user_id","created_at");