-- The delegate that signs what a business's members make: a key without a secret, authorised once by the owner's wallet.
CREATE TABLE "member_delegates" (
	"business" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Where the business's money goes, as the owner's wallet last signed it; `nonce` counts the changes, so a signature works once.
CREATE TABLE "payout_addresses" (
	"business" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"nonce" integer NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
