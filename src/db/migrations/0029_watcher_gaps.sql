ALTER TABLE "chain_health" ADD COLUMN "gaps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_health" ADD COLUMN "last_gap" text;--> statement-breakpoint
ALTER TABLE "chain_health" ADD COLUMN "last_gap_at" timestamp with time zone;
