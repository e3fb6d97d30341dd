CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"api_key_id" text NOT NULL,
	"title" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0),
	"min_amount" numeric(78, 0),
	"max_amount" numeric(78, 0),
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_links_payee_idx" ON "payment_links" USING btree ("payee","created_at");