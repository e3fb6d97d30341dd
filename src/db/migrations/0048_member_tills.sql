ALTER TABLE "till_sales" ADD COLUMN "sold_by" text;
--> statement-breakpoint
CREATE INDEX "till_sales_sold_by_idx" ON "till_sales" USING btree ("sold_by");
