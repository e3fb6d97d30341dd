CREATE TABLE "email_addresses" (
	"payee" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"language" text NOT NULL,
	"notices" text[] NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"payee" text,
	"to_address" text,
	"language" text,
	"request_id" text,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"ended_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"address" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_emails" (
	"request_id" text NOT NULL,
	"address" text NOT NULL,
	"language" text NOT NULL,
	"schedule_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_emails_request_id_address_pk" PRIMARY KEY("request_id","address")
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "payer_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "payer_emails" ADD CONSTRAINT "payer_emails_request_id_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "payer_emails_schedule_idx" ON "payer_emails" USING btree ("schedule_id") WHERE "payer_emails"."schedule_id" is not null;--> statement-breakpoint
-- E-mails are queued by triggers in the transaction of the change they tell of (as webhook events
-- are): whatever path pays, expires or refunds a request, or issues a schedule's period, queues its
-- e-mail, and a rolled-back change queues none. Each at most once (the dedupe key); a payee without
-- a confirmed address that wants the notice costs one index lookup.
CREATE FUNCTION billfold_email_wanted(p_payee text, p_kind text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM email_addresses a
    WHERE a.payee = p_payee AND a.confirmed_at IS NOT NULL AND p_kind = ANY (a.notices)
      AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.address = lower(a.address))
  )
$$;
--> statement-breakpoint
CREATE FUNCTION billfold_queue_email(p_key text, p_kind text, p_payee text, p_to text, p_language text, p_request text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_outbox (id, dedupe_key, kind, payee, to_address, language, request_id, payload)
    VALUES ('eml_' || replace(gen_random_uuid()::text, '-', ''), p_key, p_kind, p_payee, p_to, p_language, p_request, p_payload)
    ON CONFLICT (dedupe_key) DO NOTHING;
  PERFORM pg_notify('billfold_email', '');
END
$$;
--> statement-breakpoint
CREATE FUNCTION billfold_request_emails() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payer record;
BEGIN
  IF NEW.priced_request_id IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- A schedule's new period goes to the schedule's payer address and to those its payers left.
    IF NEW.schedule_id IS NOT NULL THEN
      FOR payer IN
        SELECT s.payer_email AS address, s.payer_language AS language FROM schedules s WHERE s.id = NEW.schedule_id AND s.payer_email IS NOT NULL
        UNION SELECT DISTINCT ON (lower(p.address)) p.address, p.language FROM payer_emails p WHERE p.schedule_id = NEW.schedule_id
      LOOP
        PERFORM billfold_queue_email('scheduled:' || NEW.id || ':' || lower(payer.address), 'scheduled', NULL, payer.address, payer.language, NEW.id, NULL);
      END LOOP;
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('paid', 'partially_paid', 'overpaid', 'expired') THEN
    IF billfold_email_wanted(NEW.payee, NEW.status) THEN
      PERFORM billfold_queue_email(NEW.status || ':' || NEW.id, NEW.status, NEW.payee, NULL, NULL, NEW.id, NULL);
    END IF;
    IF NEW.status IN ('paid', 'overpaid') THEN
      FOR payer IN SELECT p.address, p.language FROM payer_emails p WHERE p.request_id = NEW.id LOOP
        PERFORM billfold_queue_email('receipt:' || NEW.id || ':' || lower(payer.address), 'receipt', NULL, payer.address, payer.language, NEW.id, NULL);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_requests_emails AFTER INSERT OR UPDATE OF status ON payment_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_request_emails();
--> statement-breakpoint
CREATE FUNCTION billfold_unmatched_emails() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF billfold_email_wanted(NEW.payee, 'unmatched') THEN
    PERFORM billfold_queue_email('unmatched:' || NEW.id, 'unmatched', NEW.payee, NULL, NULL, NULL, jsonb_build_object('transferId', NEW.id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER unmatched_transfers_emails AFTER INSERT ON unmatched_transfers FOR EACH ROW EXECUTE FUNCTION billfold_unmatched_emails();
--> statement-breakpoint
CREATE FUNCTION billfold_refund_emails() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payee text;
BEGIN
  SELECT r.payee INTO payee FROM payment_requests r WHERE r.id = NEW.request_id;
  IF billfold_email_wanted(payee, 'refunded') THEN
    PERFORM billfold_queue_email('refunded:' || NEW.chain_id || ':' || NEW.tx_hash || ':' || NEW.log_index, 'refunded', payee, NULL, NULL, NEW.request_id,
      jsonb_build_object('txHash', NEW.tx_hash, 'amount', NEW.amount::text, 'to', NEW.to_address));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refund_transfers_emails AFTER INSERT ON refund_transfers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_refund_emails();
