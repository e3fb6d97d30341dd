-- The wallet that made a key: the key acts with that member's current role, bounded by its scopes. Null: the business's own wallet.
ALTER TABLE "api_keys" ADD COLUMN "created_by" text;
