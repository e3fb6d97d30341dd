ALTER TABLE "payment_links" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "accepted_assets" text[];--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "tolerance_bps" integer;