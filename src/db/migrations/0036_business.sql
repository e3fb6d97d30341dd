-- A payee is a business: its own wallet is its owner (implicitly: no row), other wallets are members.
ALTER TABLE "sessions" ADD COLUMN "business" text;--> statement-breakpoint
CREATE TABLE "business_members" (
	"business" text NOT NULL,
	"member" text NOT NULL,
	"role" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_members_business_member_pk" PRIMARY KEY("business","member"),
	CONSTRAINT "business_members_role_check" CHECK ("role" IN ('admin', 'accountant', 'cashier', 'developer'))
);
--> statement-breakpoint
CREATE INDEX "business_members_member_idx" ON "business_members" USING btree ("member");--> statement-breakpoint
CREATE TABLE "business_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"business" text NOT NULL,
	"role" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "business_invitations_role_check" CHECK ("role" IN ('admin', 'accountant', 'cashier', 'developer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "business_invitations_token_hash_idx" ON "business_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "business_invitations_business_idx" ON "business_invitations" USING btree ("business","created_at");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business" text NOT NULL,
	"actor" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"object_id" text,
	"client_ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_business_idx" ON "audit_log" USING btree ("business","id");
