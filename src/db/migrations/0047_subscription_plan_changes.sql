ALTER TABLE "subscription_charges" ADD COLUMN "priced_request_id" text;
