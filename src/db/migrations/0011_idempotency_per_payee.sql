-- An Idempotency-Key is the payee's, whichever of their API keys sends it: the same order id sent
-- through two keys (a key rotated, two shop servers) makes one request, not two.
ALTER TABLE "idempotency_keys" ADD COLUMN "payee" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "payee" = "api_keys"."payee" FROM "api_keys" WHERE "api_keys"."id" = "idempotency_keys"."api_key_id";--> statement-breakpoint
DELETE FROM "idempotency_keys" WHERE "payee" IS NULL;--> statement-breakpoint
-- Where two keys of one payee already used the same Idempotency-Key, the first use stands.
DELETE FROM "idempotency_keys" AS "later" USING "idempotency_keys" AS "earlier" WHERE "later"."payee" = "earlier"."payee" AND "later"."key" = "earlier"."key" AND ("later"."created_at", "later"."api_key_id") > ("earlier"."created_at", "earlier"."api_key_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "payee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_api_key_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_payee_key_pk" PRIMARY KEY("payee","key");
