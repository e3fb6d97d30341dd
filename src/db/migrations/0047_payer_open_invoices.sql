CREATE TABLE "payer_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"payer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payer_lists_payee_payer_idx" ON "payer_lists" USING btree ("payee","payer");
