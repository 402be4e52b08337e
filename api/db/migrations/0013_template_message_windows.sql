ALTER TABLE "template_questions" ADD COLUMN "within_first_messages" integer;--> statement-breakpoint
ALTER TABLE "template_questions" ADD COLUMN "within_last_messages" integer;