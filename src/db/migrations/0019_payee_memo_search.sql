CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "memo_folded" text GENERATED ALWAYS AS (lower(memo)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_requests_payee_memo_trgm_idx" ON "payment_requests" USING gin ("payee","memo_folded" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "payment_requests_memo_trgm_idx";
