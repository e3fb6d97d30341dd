-- A request made is announced ("<id> <payee>" on billfold_request_updated) by the database when the
-- transaction that makes it commits: every path that creates one (the app, the REST API, a payment
-- link) is heard by every server's live views, without a second round trip, and never for a
-- request that was rolled back.
CREATE FUNCTION billfold_announce_created_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('billfold_request_updated', NEW.id || ' ' || NEW.payee);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_requests_announce AFTER INSERT ON payment_requests FOR EACH ROW EXECUTE FUNCTION billfold_announce_created_request();
--> statement-breakpoint
-- Webhook events: whether any endpoint wants the event is asked before its payload is built, so a
-- payee without endpoints (most of them) costs one index lookup per change, not a JSON snapshot.
CREATE FUNCTION billfold_webhook_wanted(p_payee text, p_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE payee = p_payee AND disabled_at IS NULL AND p_type = ANY (events))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_webhook_event(p_payee text, p_type text, p_request_id text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  -- clock_timestamp, not now(): events of one transaction keep their order.
  INSERT INTO webhook_events (id, payee, type, request_id, payload, created_at) VALUES (event_id, p_payee, p_type, p_request_id, p_payload, clock_timestamp());
  INSERT INTO webhook_deliveries (id, event_id, endpoint_id, created_at)
    SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), event_id, e.id, clock_timestamp()
    FROM webhook_endpoints e
    WHERE e.payee = p_payee AND e.disabled_at IS NULL AND p_type = ANY (e.events);
  -- Wakes the delivery workers when the transaction commits.
  PERFORM pg_notify('billfold_webhooks', '');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_request_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
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
  event_type text := CASE WHEN TG_OP = 'INSERT' THEN 'payment.detected' ELSE 'payment.reverted' END;
BEGIN
  IF TG_OP = 'INSERT' THEN p := NEW; ELSE p := OLD; END IF;
  SELECT * INTO r FROM payment_requests WHERE id = p.request_id;
  IF billfold_webhook_wanted(r.payee, event_type) THEN
    PERFORM billfold_webhook_event(
      r.payee,
      event_type,
      r.id,
      jsonb_build_object(
        'request', billfold_request_snapshot(r),
        'payment', to_jsonb(p) || jsonb_build_object('amount', p.amount::text, 'block_number', p.block_number::text)
      )
    );
  END IF;
  RETURN NULL;
END
$$;
