ALTER TABLE "usdc_moves" ADD COLUMN "dismissed_at" timestamp with time zone;
