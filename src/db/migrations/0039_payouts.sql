CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"chain_id" integer NOT NULL,
	"created_block" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"line" integer NOT NULL,
	"asset" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reference" text NOT NULL,
	"tx_hash" text,
	"log_index" integer,
	"block_number" bigint,
	"block_hash" text,
	"block_time" timestamp with time zone,
	CONSTRAINT "payout_lines_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_payout_line_unique" ON "payout_lines" USING btree ("payout_id","line");--> statement-breakpoint
CREATE INDEX "payouts_payee_created_idx" ON "payouts" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "payouts_chain_created_idx" ON "payouts" USING btree ("chain_id","created_at");
