CREATE TABLE "company_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD COLUMN "entity_id" integer;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD COLUMN "company_group_id" integer;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD COLUMN "pay_group_id" integer;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD COLUMN "job_code_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(30);--> statement-breakpoint
CREATE UNIQUE INDEX "company_groups_code_unique" ON "company_groups" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_code_unique" ON "entities" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "job_codes_code_unique" ON "job_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_groups_code_unique" ON "pay_groups" USING btree ("code");--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_company_group_id_company_groups_id_fk" FOREIGN KEY ("company_group_id") REFERENCES "public"."company_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_pay_group_id_pay_groups_id_fk" FOREIGN KEY ("pay_group_id") REFERENCES "public"."pay_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_job_code_id_job_codes_id_fk" FOREIGN KEY ("job_code_id") REFERENCES "public"."job_codes"("id") ON DELETE set null ON UPDATE no action;