-- What follows a change (webhook events, e-mails, live updates) is decided in TypeScript from one
-- journal: a generic trigger (src/db/functions.sql, attached to the tables src/db/changeJournal/
-- journaledTables.ts lists) records each row change here in the transaction that makes it, and the
-- journal's consumer writes the outboxes and removes the entries it handled, in one transaction.
CREATE TABLE "change_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" bigint NOT NULL,
	"table_name" text NOT NULL,
	"operation" text NOT NULL,
	"old_row" jsonb,
	"new_row" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TRIGGER IF EXISTS "payment_requests_webhooks" ON "payment_requests";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "payment_requests_emails" ON "payment_requests";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "payment_requests_announce" ON "payment_requests";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "payments_webhooks" ON "payments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "refund_transfers_webhooks" ON "refund_transfers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "refund_transfers_emails" ON "refund_transfers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "unmatched_transfers_emails" ON "unmatched_transfers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "relayers_paused" ON "relayers";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "schedules_announce" ON "schedules";
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_request_webhooks();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_payment_webhooks();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_refund_webhooks();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_request_emails();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_refund_emails();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_unmatched_emails();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_relayer_paused();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_announce_created_request();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_announce_schedule();
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_webhook_event(text, text, text, jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_webhook_wanted(text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS billfold_request_snapshot(payment_requests);
