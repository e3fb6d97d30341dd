CREATE TABLE "relayers" (
	"payee" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"key_sealed" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"fee_cap" numeric(78, 0),
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relayers_payee_chain_id_pk" PRIMARY KEY("payee","chain_id"),
	CONSTRAINT "relayers_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "relays" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"chain_id" integer NOT NULL,
	"relayer" text NOT NULL,
	"kind" text NOT NULL,
	"request_id" text,
	"token" text,
	"payer" text,
	"authorization_nonce" text,
	"valid_before" timestamp with time zone,
	"target" text NOT NULL,
	"data" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"tx_nonce" integer,
	"max_fee_per_gas" numeric(78, 0),
	"max_priority_fee_per_gas" numeric(78, 0),
	"raw_transaction" text,
	"transaction_hashes" text[] DEFAULT '{}' NOT NULL,
	"transaction_hash" text,
	"sent_at_block" bigint,
	"gas_used" numeric(78, 0),
	"fee" numeric(78, 0),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "relays_authorization_idx" ON "relays" USING btree ("chain_id","token","payer","authorization_nonce");--> statement-breakpoint
CREATE INDEX "relays_payee_idx" ON "relays" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "relays_open_idx" ON "relays" USING btree ("chain_id","state") WHERE state in ('waiting', 'signed', 'sent');