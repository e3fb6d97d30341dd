CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "payment_requests_payee_memo_trgm_idx" ON "payment_requests" USING gin ("payee","memo" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "payment_requests_memo_trgm_idx";
