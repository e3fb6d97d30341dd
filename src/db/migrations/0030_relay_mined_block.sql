ALTER TABLE "relays" ADD COLUMN "mined_at_block" bigint;
