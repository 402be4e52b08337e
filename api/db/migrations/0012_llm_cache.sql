CREATE TABLE "llm_cache" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"model" varchar(100) NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
