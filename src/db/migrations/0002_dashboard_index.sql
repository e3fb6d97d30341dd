DROP INDEX "payment_requests_payee_created_idx";--> statement-breakpoint
CREATE INDEX "payment_requests_payee_created_id_idx" ON "payment_requests" USING btree ("payee","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_requests_chain_created_idx" ON "payment_requests" USING btree ("chain_id","created_at");