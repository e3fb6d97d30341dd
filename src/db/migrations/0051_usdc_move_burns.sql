ALTER TABLE "usdc_moves" ADD COLUMN "burn_index" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "usdc_moves" ADD COLUMN "absent_since_block" bigint;
--> statement-breakpoint
ALTER TABLE "usdc_moves" ADD COLUMN "not_found_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "usdc_moves_source_burn_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "usdc_moves_source_burn_idx" ON "usdc_moves" USING btree ("source_chain_id","burn_tx_hash","burn_index");
