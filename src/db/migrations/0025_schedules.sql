CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"api_key_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"payer" text,
	"payer_email" text,
	"memo" text NOT NULL,
	"interval" text NOT NULL,
	"day" integer NOT NULL,
	"month" integer,
	"starts_on" text NOT NULL,
	"count" integer,
	"due_days" integer NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"ended_because" text
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "schedule_id" text;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "schedule_period" integer;--> statement-breakpoint
CREATE INDEX "schedules_payee_idx" ON "schedules" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_at") WHERE "schedules"."activated_at" is not null and "schedules"."paused_at" is null and "schedules"."stopped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_schedule_period_idx" ON "payment_requests" USING btree ("schedule_id","schedule_period") WHERE "payment_requests"."schedule_id" is not null;--> statement-breakpoint
-- A schedule authorised or resumed is announced when its transaction commits: its first due period
-- is issued at once by whichever server hears it first, not at the next tick.
CREATE FUNCTION billfold_announce_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.activated_at IS NOT NULL AND NEW.paused_at IS NULL AND NEW.stopped_at IS NULL THEN
    PERFORM pg_notify('billfold_schedules', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER schedules_announce AFTER INSERT OR UPDATE OF activated_at, paused_at ON schedules FOR EACH ROW EXECUTE FUNCTION billfold_announce_schedule();
