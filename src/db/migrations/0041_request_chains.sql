CREATE TABLE "chain_heads" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"head_block" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_chains" (
	"request_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"created_block" bigint NOT NULL,
	CONSTRAINT "request_chains_request_id_chain_id_pk" PRIMARY KEY("request_id","chain_id")
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "accepted_chains" jsonb;--> statement-breakpoint
ALTER TABLE "request_chains" ADD CONSTRAINT "request_chains_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_chains_chain_asset_idx" ON "request_chains" USING btree ("chain_id","asset");
