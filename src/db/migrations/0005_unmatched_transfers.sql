CREATE TABLE "unmatched_transfers" (
	"id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"payee" text NOT NULL,
	"asset" text NOT NULL,
	"from_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"assigned_request_id" text,
	CONSTRAINT "unmatched_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index"),
	CONSTRAINT "unmatched_transfers_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "matched_by" text DEFAULT 'reference' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "assigned_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unmatched_transfers" ADD CONSTRAINT "unmatched_transfers_assigned_request_id_payment_requests_id_fk" FOREIGN KEY ("assigned_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatched_transfers_payee_idx" ON "unmatched_transfers" USING btree ("payee","block_time","id");--> statement-breakpoint
CREATE INDEX "unmatched_transfers_chain_block_idx" ON "unmatched_transfers" USING btree ("chain_id","block_number");