-- A key a member made (a developer's, a till's): signed for by the business's members' delegate, never by a delegation of its own.
ALTER TABLE "api_keys" ADD COLUMN "made_by_member" text;
--> statement-breakpoint
-- A till an admin member or a key made: its sales are signed by the business's members' delegate while the owner keeps it authorised.
ALTER TABLE "tills" ADD COLUMN "made_by_member" text;
