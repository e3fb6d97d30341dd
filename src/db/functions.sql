-- The SQL functions Billfold keeps, each in its one current text: applied after the migrations at
-- every start (CREATE OR REPLACE), so a change here is a change of this file, not a new migration.

-- An address is known by the SHA-256 of its trimmed, lower-cased form wherever consent is kept: the
-- lists hold no address, and every server and query derives the same key from this one definition.
CREATE OR REPLACE FUNCTION billfold_email_key(p_address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT encode(sha256(convert_to(lower(btrim(p_address)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The notices a payee hears by e-mail: those of its confirmed address, none when that address
-- refused all e-mail (or there is none).
CREATE OR REPLACE FUNCTION billfold_email_notices(p_payee text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT a.notices FROM email_addresses a
  WHERE a.payee = p_payee AND a.confirmed_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.address_hash = billfold_email_key(a.address))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_email_wanted(p_payee text, p_kind text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(p_kind = ANY (billfold_email_notices(p_payee)), false)
$$;
--> statement-breakpoint
-- Queues an e-mail at most once (its dedupe key), never to an address that refused all e-mail (a
-- payee's notices, addressed by payee, are held back by billfold_email_notices; delivery checks every
-- kind again), and wakes the e-mail workers when the transaction commits.
CREATE OR REPLACE FUNCTION billfold_queue_email(p_key text, p_kind text, p_payee text, p_to text, p_language text, p_request text, p_payload jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_to IS NOT NULL AND EXISTS (SELECT 1 FROM email_suppressions s WHERE s.address_hash = billfold_email_key(p_to)) THEN
    RETURN;
  END IF;
  INSERT INTO email_outbox (id, dedupe_key, kind, payee, to_address, language, request_id, payload)
    VALUES ('eml_' || replace(gen_random_uuid()::text, '-', ''), p_key, p_kind, p_payee, p_to, p_language, p_request, p_payload)
    ON CONFLICT (dedupe_key) DO NOTHING;
  PERFORM pg_notify('billfold_email', '');
END
$$;
--> statement-breakpoint
-- A row as the journal keeps it: its columns by name, those listed in p_text (numeric, bigint) as
-- text, since JSON numbers would round them, and those in p_omit (sealed keys) left out.
CREATE OR REPLACE FUNCTION billfold_journal_row(p_row jsonb, p_text text[], p_omit text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_row - p_omit) || coalesce((SELECT jsonb_object_agg(c, p_row ->> c) FROM unnest(p_text) c WHERE p_row ? c), '{}'::jsonb)
$$;
--> statement-breakpoint
-- The journal trigger, one for every journaled table (its arguments: the columns kept as text and
-- those left out, comma-separated). Deferred to the commit, so entries queue in the order the
-- changes were made and a rolled-back change leaves none; the consumer hears of them on billfold_changes.
CREATE OR REPLACE FUNCTION billfold_journal_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  as_text text[] := string_to_array(TG_ARGV[0], ',');
  omitted text[] := string_to_array(TG_ARGV[1], ',');
BEGIN
  INSERT INTO change_journal (tx, table_name, operation, old_row, new_row, at) VALUES (
    txid_current(),
    TG_TABLE_NAME,
    TG_OP,
    CASE WHEN TG_OP <> 'INSERT' THEN billfold_journal_row(to_jsonb(OLD), as_text, omitted) END,
    CASE WHEN TG_OP <> 'DELETE' THEN billfold_journal_row(to_jsonb(NEW), as_text, omitted) END,
    -- clock_timestamp, not now(): entries of one transaction keep their order.
    clock_timestamp()
  );
  PERFORM pg_notify('billfold_changes', '');
  RETURN NULL;
END
$$;
