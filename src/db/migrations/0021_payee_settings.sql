CREATE TABLE "payee_settings" (
	"address" text PRIMARY KEY NOT NULL,
	"reporting_currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
