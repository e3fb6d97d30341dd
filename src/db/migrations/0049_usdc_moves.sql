CREATE TABLE "usdc_moves" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"source_chain_id" integer NOT NULL,
	"destination_chain_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"burn_tx_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "usdc_moves_source_burn_idx" ON "usdc_moves" USING btree ("source_chain_id","burn_tx_hash");
--> statement-breakpoint
CREATE INDEX "usdc_moves_payee_created_idx" ON "usdc_moves" USING btree ("payee","created_at");
