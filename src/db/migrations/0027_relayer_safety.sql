ALTER TABLE "relayers" ADD COLUMN "revert_budget" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "relayers" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relayers" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "relayers" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relayers" ADD COLUMN "wasted_gas" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "relayers" ADD COLUMN "wasted_fee" numeric(78, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "relays" ADD COLUMN "fill_hash" text;--> statement-breakpoint
CREATE INDEX "relays_payer_idx" ON "relays" USING btree ("chain_id","token","payer","state");--> statement-breakpoint
CREATE INDEX "relays_reverted_idx" ON "relays" USING btree ("relayer","updated_at") WHERE "relays"."state" = 'reverted';--> statement-breakpoint
CREATE INDEX "relays_reverted_payer_idx" ON "relays" USING btree ("chain_id","payer","updated_at") WHERE "relays"."state" = 'reverted';--> statement-breakpoint
-- A relayer that pauses (its reverts passed the payee's budget) tells its payee in the transaction
-- that pauses it, as payments do: an e-mail when they want the notice, a webhook event when an
-- endpoint listens for it. Once per pause (the key carries its time).
CREATE FUNCTION billfold_relayer_paused() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facts jsonb;
BEGIN
  IF NEW.paused_at IS NULL OR OLD.paused_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  facts := jsonb_build_object('chainId', NEW.chain_id, 'address', NEW.address, 'reason', NEW.paused_reason, 'revertBudget', NEW.revert_budget, 'pausedAt', NEW.paused_at);
  IF billfold_email_wanted(NEW.payee, 'relayer_paused') THEN
    PERFORM billfold_queue_email('relayer_paused:' || NEW.address || ':' || extract(epoch FROM NEW.paused_at)::text, 'relayer_paused', NEW.payee, NULL, NULL, NULL,
      jsonb_build_object('chain', NEW.chain_id::text, 'address', NEW.address, 'reason', NEW.paused_reason));
  END IF;
  IF billfold_webhook_wanted(NEW.payee, 'relayer.paused') THEN
    PERFORM billfold_webhook_event(NEW.payee, 'relayer.paused', '', jsonb_build_object('relayer', facts, 'message', NEW.paused_reason));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER relayers_paused AFTER UPDATE OF paused_at ON relayers FOR EACH ROW EXECUTE FUNCTION billfold_relayer_paused();
