CREATE TABLE "accounting_settings" (
	"address" text PRIMARY KEY NOT NULL,
	"chart" text DEFAULT 'SKR03' NOT NULL,
	"consultant_number" integer DEFAULT 1001 NOT NULL,
	"client_number" integer DEFAULT 1 NOT NULL,
	"fiscal_year_start" integer DEFAULT 1 NOT NULL,
	"account_length" integer DEFAULT 4 NOT NULL,
	"accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
