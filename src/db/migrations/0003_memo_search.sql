CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "payment_requests_memo_trgm_idx" ON "payment_requests" USING gin ("memo" gin_trgm_ops);