CREATE TABLE "payment_values" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_hash" text NOT NULL,
	"currency" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"basis" text NOT NULL,
	"token_feed" text NOT NULL,
	"token_round" numeric(78, 0) NOT NULL,
	"token_answer" numeric(78, 0) NOT NULL,
	"token_feed_decimals" integer NOT NULL,
	"currency_feed" text,
	"currency_round" numeric(78, 0),
	"currency_answer" numeric(78, 0),
	"currency_feed_decimals" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_values_chain_id_tx_hash_log_index_block_hash_currency_pk" PRIMARY KEY("chain_id","tx_hash","log_index","block_hash","currency")
);
--> statement-breakpoint
CREATE TABLE "price_quotes" (
	"request_id" text PRIMARY KEY NOT NULL,
	"priced_request_id" text NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"token_feed" text NOT NULL,
	"token_round" numeric(78, 0) NOT NULL,
	"token_answer" numeric(78, 0) NOT NULL,
	"token_feed_decimals" integer NOT NULL,
	"token_updated_at" timestamp with time zone NOT NULL,
	"currency_feed" text,
	"currency_round" numeric(78, 0),
	"currency_answer" numeric(78, 0),
	"currency_feed_decimals" integer,
	"currency_updated_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "accepted_assets" text[];--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "tolerance_bps" integer;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "quote_key_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "priced_request_id" text;--> statement-breakpoint
ALTER TABLE "payment_values" ADD CONSTRAINT "payment_values_chain_id_tx_hash_log_index_payments_chain_id_tx_hash_log_index_fk" FOREIGN KEY ("chain_id","tx_hash","log_index") REFERENCES "public"."payments"("chain_id","tx_hash","log_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_quotes" ADD CONSTRAINT "price_quotes_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_quotes" ADD CONSTRAINT "price_quotes_priced_request_id_payment_requests_id_fk" FOREIGN KEY ("priced_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_quotes_priced_asset_idx" ON "price_quotes" USING btree ("priced_request_id","asset","expires_at");--> statement-breakpoint
CREATE INDEX "payment_requests_priced_idx" ON "payment_requests" USING btree ("priced_request_id") WHERE "payment_requests"."priced_request_id" is not null;--> statement-breakpoint
-- A quote's own request is how its priced request is paid, not a request of its own: it is not
-- announced as made, and its webhooks are its priced request's.
CREATE OR REPLACE FUNCTION billfold_announce_created_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.priced_request_id IS NULL THEN
    PERFORM pg_notify('billfold_request_updated', NEW.id || ' ' || NEW.payee);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_request_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF NEW.priced_request_id IS NOT NULL THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    event_type := 'payment_request.created';
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('paid', 'partially_paid', 'overpaid', 'expired', 'cancelled') THEN
    event_type := 'payment_request.' || NEW.status;
  ELSE
    RETURN NULL;
  END IF;
  IF billfold_webhook_wanted(NEW.payee, event_type) THEN
    PERFORM billfold_webhook_event(NEW.payee, event_type, NEW.id, jsonb_build_object('request', billfold_request_snapshot(NEW)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_payment_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p payments;
  r payment_requests;
  paid payment_requests;
  event_type text := CASE WHEN TG_OP = 'INSERT' THEN 'payment.detected' ELSE 'payment.reverted' END;
BEGIN
  IF TG_OP = 'INSERT' THEN p := NEW; ELSE p := OLD; END IF;
  SELECT * INTO r FROM payment_requests WHERE id = p.request_id;
  -- The payment names what it was paid in: a priced request's quote says which token.
  paid := r;
  IF r.priced_request_id IS NOT NULL THEN
    SELECT * INTO r FROM payment_requests WHERE id = r.priced_request_id;
  END IF;
  IF billfold_webhook_wanted(r.payee, event_type) THEN
    PERFORM billfold_webhook_event(
      r.payee,
      event_type,
      r.id,
      jsonb_build_object(
        'request', billfold_request_snapshot(r),
        'payment', to_jsonb(p) || jsonb_build_object('amount', p.amount::text, 'block_number', p.block_number::text, 'asset', paid.asset, 'symbol', paid.symbol, 'decimals', paid.decimals)
      )
    );
  END IF;
  RETURN NULL;
END
$$;
