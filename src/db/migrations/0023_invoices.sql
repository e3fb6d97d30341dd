CREATE TABLE "invoices" (
	"request_id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"document" text NOT NULL,
	"document_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_details" (
	"payee" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text NOT NULL,
	"email" text NOT NULL,
	"logo_png" text,
	"payment_terms_days" integer NOT NULL,
	"number_pattern" text NOT NULL,
	"rounding" text NOT NULL,
	"next_sequence" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payee_sequence_unique" ON "invoices" USING btree ("payee","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payee_number_unique" ON "invoices" USING btree ("payee","number");