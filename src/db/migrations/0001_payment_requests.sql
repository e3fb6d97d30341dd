CREATE TABLE "chain_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"payee" text NOT NULL,
	"payer" text,
	"memo" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	"signature" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"received" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_block" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payment_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"request_id" text NOT NULL,
	"from_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "recent_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "recent_blocks_chain_id_block_number_pk" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_payee_created_idx" ON "payment_requests" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_chain_status_idx" ON "payment_requests" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "payments_chain_block_idx" ON "payments" USING btree ("chain_id","block_number");