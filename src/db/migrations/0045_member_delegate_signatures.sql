-- A till an admin member set up (in the app, or with a key of theirs): its sales are signed by the business's members' delegate while the owner keeps it authorised.
ALTER TABLE "tills" ADD COLUMN "made_by_member" text;
