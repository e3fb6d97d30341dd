ALTER TABLE "subscription_charges" ADD COLUMN "priced_request_id" text;
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
UPDATE "subscription_charges" SET "reason_code" = CASE
  WHEN "reason" LIKE 'The payer''s balance is too low%' THEN 'balance_too_low'
  WHEN "reason" LIKE 'The payer revoked the permission%' THEN 'permission_revoked'
  WHEN "reason" LIKE 'The permission has ended%' THEN 'permission_expired'
  WHEN "reason" LIKE 'The permission has not started%' THEN 'permission_not_started'
  WHEN "reason" LIKE 'The payer''s account no longer runs%' THEN 'account_not_upgraded'
  WHEN "reason" LIKE 'The amount is above what the permission allows%' THEN 'over_period_amount'
  WHEN "reason" LIKE 'This period''s allowance is already spent%' THEN 'period_spent'
  WHEN "reason" LIKE 'The chain would refuse the charge%' THEN 'would_revert'
  WHEN "reason" LIKE 'The plan''s amount is now above%' THEN 'above_cap'
  WHEN "reason" LIKE 'The plan''s price at this period''s rate is above%' THEN 'quote_above_cap'
  WHEN "reason" LIKE 'The payee''s relayer is off%' OR "reason" LIKE 'A charge of this period is already%'
    OR "reason" LIKE '%relayer%paused%' THEN 'relayer_unavailable'
  WHEN "reason" LIKE 'The charge''s transaction %' THEN 'transaction_failed'
  ELSE 'send_failed' END
WHERE "reason" IS NOT NULL;--> statement-breakpoint
UPDATE "subscription_charges" SET "reason_params" = CASE
  WHEN "reason_code" IN ('relayer_unavailable', 'transaction_failed', 'send_failed')
    THEN jsonb_build_object('details', "reason")
  WHEN "reason" ~ '\(.+\)$' THEN jsonb_build_object('details', substring("reason" from '\((.+)\)$'))
  ELSE '{}'::jsonb END
WHERE "reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" DROP COLUMN "reason";
