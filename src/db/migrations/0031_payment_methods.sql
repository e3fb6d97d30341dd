ALTER TABLE "relays" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "relays" ADD COLUMN "payload" jsonb;--> statement-breakpoint
-- Every payment relayed before methods was an ERC-3009 authorization, its terms the arguments of its
-- transferWithAuthorization call: value, validAfter and validBefore are words 3 to 5 of the calldata.
UPDATE "relays" SET "method" = 'erc3009', "payload" = jsonb_build_object(
  'from', "payer",
  'to', "payee",
  'value', (SELECT sum((strpos('0123456789abcdef', substr(lower("data"), 139 + i - 1, 1)) - 1)::numeric * power(16::numeric, 64 - i)) FROM generate_series(1, 64) AS i)::numeric(78, 0)::text,
  'validAfter', (SELECT sum((strpos('0123456789abcdef', substr(lower("data"), 203 + i - 1, 1)) - 1)::numeric * power(16::numeric, 64 - i)) FROM generate_series(1, 64) AS i)::numeric(78, 0)::text,
  'validBefore', (SELECT sum((strpos('0123456789abcdef', substr(lower("data"), 267 + i - 1, 1)) - 1)::numeric * power(16::numeric, 64 - i)) FROM generate_series(1, 64) AS i)::numeric(78, 0)::text,
  'nonce', "authorization_nonce"
) WHERE "kind" = 'payment';
