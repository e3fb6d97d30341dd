-- Webhook events are written by triggers, in the same transaction as the change they report: every
-- path that creates a request, changes its status or records or drops a payment (the API, the
-- watcher, expiry, a reorg) fills the outbox, and a crash between the change and the delivery loses
-- nothing. The triggers are deferred to the commit, so a payment's event carries its request as the
-- transaction left it (paid, or open again after a reorg), and events queue in the order the changes
-- were made. Amounts and block numbers go into the snapshot as text: JSON numbers would round them.
CREATE FUNCTION billfold_request_snapshot(r payment_requests) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT to_jsonb(r) || jsonb_build_object('amount', r.amount::text, 'received', r.received::text, 'created_block', r.created_block::text)
$$;
--> statement-breakpoint
CREATE FUNCTION billfold_webhook_event(p_payee text, p_type text, p_request_id text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE payee = p_payee AND disabled_at IS NULL AND p_type = ANY (events)) THEN
    RETURN;
  END IF;
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
CREATE FUNCTION billfold_request_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM billfold_webhook_event(NEW.payee, 'payment_request.created', NEW.id, jsonb_build_object('request', billfold_request_snapshot(NEW)));
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('paid', 'partially_paid', 'overpaid', 'expired', 'cancelled') THEN
    PERFORM billfold_webhook_event(NEW.payee, 'payment_request.' || NEW.status, NEW.id, jsonb_build_object('request', billfold_request_snapshot(NEW)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_requests_webhooks AFTER INSERT OR UPDATE OF status ON payment_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_request_webhooks();
--> statement-breakpoint
CREATE FUNCTION billfold_payment_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p payments;
  r payment_requests;
BEGIN
  IF TG_OP = 'INSERT' THEN p := NEW; ELSE p := OLD; END IF;
  SELECT * INTO r FROM payment_requests WHERE id = p.request_id;
  PERFORM billfold_webhook_event(
    r.payee,
    CASE WHEN TG_OP = 'INSERT' THEN 'payment.detected' ELSE 'payment.reverted' END,
    r.id,
    jsonb_build_object(
      'request', billfold_request_snapshot(r),
      'payment', to_jsonb(p) || jsonb_build_object('amount', p.amount::text, 'block_number', p.block_number::text)
    )
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_webhooks AFTER INSERT OR DELETE ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION billfold_payment_webhooks();
