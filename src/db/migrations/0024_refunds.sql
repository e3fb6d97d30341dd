CREATE TABLE "refund_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"refund_id" text NOT NULL,
	"request_id" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"payee" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"reference" text NOT NULL,
	"prepared_by_key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "refunds_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "refunded" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_transfers" ADD CONSTRAINT "refund_transfers_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_transfers" ADD CONSTRAINT "refund_transfers_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_transfers_refund_idx" ON "refund_transfers" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_transfers_request_idx" ON "refund_transfers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "refund_transfers_chain_block_idx" ON "refund_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "refunds_request_idx" ON "refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "refunds_chain_created_idx" ON "refunds" USING btree ("chain_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_request_snapshot(r payment_requests) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT to_jsonb(r) || jsonb_build_object('amount', r.amount::text, 'received', r.received::text, 'refunded', r.refunded::text, 'created_block', r.created_block::text)
$$;
--> statement-breakpoint
-- A refund found on chain (or dropped by a reorg) is reported in the transaction that records it,
-- deferred to its commit so the request in the event carries its refunded total as then written.
CREATE FUNCTION billfold_refund_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t refund_transfers;
  r payment_requests;
  event_type text := CASE WHEN TG_OP = 'INSERT' THEN 'payment_request.refunded' ELSE 'refund.reverted' END;
BEGIN
  IF TG_OP = 'INSERT' THEN t := NEW; ELSE t := OLD; END IF;
  SELECT * INTO r FROM payment_requests WHERE id = t.request_id;
  IF billfold_webhook_wanted(r.payee, event_type) THEN
    PERFORM billfold_webhook_event(
      r.payee,
      event_type,
      r.id,
      jsonb_build_object(
        'request', billfold_request_snapshot(r),
        'refund', to_jsonb(t) || jsonb_build_object('amount', t.amount::text, 'block_number', t.block_number::text)
      )
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refund_transfers_webhooks AFTER INSERT OR DELETE ON refund_transfers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_refund_webhooks();
