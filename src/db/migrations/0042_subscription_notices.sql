ALTER TABLE "subscriptions" ADD COLUMN "noticed_period" integer;
