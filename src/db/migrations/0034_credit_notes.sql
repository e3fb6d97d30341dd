ALTER TABLE "seller_details" ADD COLUMN "credit_note_numbering" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_details" ADD COLUMN "credit_note_pattern" text DEFAULT 'CN-{seq:4}' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_details" ADD COLUMN "next_credit_note_sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"invoice_request_id" text NOT NULL,
	"refund_id" text,
	"kind" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"document" text NOT NULL,
	"document_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_request_id_invoices_request_id_fk" FOREIGN KEY ("invoice_request_id") REFERENCES "public"."invoices"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_payee_number_unique" ON "credit_notes" USING btree ("payee","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_unique" ON "credit_notes" USING btree ("refund_id") WHERE "credit_notes"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cancellation_unique" ON "credit_notes" USING btree ("invoice_request_id") WHERE "credit_notes"."kind" = 'cancellation';--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_request_id","sequence");
