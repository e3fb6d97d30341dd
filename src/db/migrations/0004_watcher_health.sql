CREATE TABLE "chain_health" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"head_block" bigint,
	"read_through" bigint,
	"last_error" text,
	"lagging_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_requests_open_due_idx" ON "payment_requests" USING btree ("chain_id","due_at") WHERE "payment_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_requests_chain_asset_payee_idx" ON "payment_requests" USING btree ("chain_id","asset","payee");