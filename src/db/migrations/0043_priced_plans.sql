ALTER TABLE "subscription_plans" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "price" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "tolerance_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "price" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "quote" jsonb;
