CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"api_key_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"name" text NOT NULL,
	"interval" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"count" integer,
	"ends_on" text,
	"dunning_days" integer[] DEFAULT '{1,3,7}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"payee" text NOT NULL,
	"payer" text NOT NULL,
	"payer_email" text,
	"payer_language" text DEFAULT 'en' NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"period_cap" numeric(78, 0) NOT NULL,
	"interval" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"count" integer,
	"permission" jsonb NOT NULL,
	"permission_expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"payee" text NOT NULL,
	"period" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"request_id" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"relay_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscription_plans_payee_idx" ON "subscription_plans" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_payee_idx" ON "subscriptions" USING btree ("payee","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_at") WHERE "subscriptions"."state" in ('active', 'past_due');--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_period_idx" ON "subscription_charges" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_request_idx" ON "subscription_charges" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "subscription_charges_due_idx" ON "subscription_charges" USING btree ("next_try_at") WHERE "subscription_charges"."state" in ('due', 'charging', 'past_due');
