CREATE TABLE "payee_profiles" (
	"address" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"website" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
