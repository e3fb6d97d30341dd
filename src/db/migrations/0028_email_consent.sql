-- An address is known by the SHA-256 of its trimmed, lower-cased form wherever consent is kept: the
-- lists hold no address, and every server, trigger and query derives the same key from one definition.
CREATE FUNCTION billfold_email_key(p_address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT encode(sha256(convert_to(lower(btrim(p_address)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The addresses that refused all e-mail from this Billfold, for good (no payee's confirmation lifts it).
ALTER TABLE "email_suppressions" RENAME COLUMN "address" TO "address_hash";
--> statement-breakpoint
UPDATE "email_suppressions" SET "address_hash" = billfold_email_key("address_hash");
--> statement-breakpoint
-- Each confirmation asked for an address, deployment-wide, so that one is sent at most once an hour
-- and a few times a day whichever payee or server asks; rows older than a day count for nothing.
CREATE TABLE "email_confirmations" (
	"address_hash" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_confirmations_address_idx" ON "email_confirmations" USING btree ("address_hash","asked_at");
--> statement-breakpoint
CREATE INDEX "email_confirmations_asked_idx" ON "email_confirmations" USING btree ("asked_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION billfold_email_wanted(p_payee text, p_kind text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM email_addresses a
    WHERE a.payee = p_payee AND a.confirmed_at IS NOT NULL AND p_kind = ANY (a.notices)
      AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.address_hash = billfold_email_key(a.address))
  )
$$;
--> statement-breakpoint
-- Nothing is queued to an address that refused all e-mail, whatever the kind (a payee's notices,
-- addressed by payee, are held back by billfold_email_wanted; delivery checks every kind again).
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
