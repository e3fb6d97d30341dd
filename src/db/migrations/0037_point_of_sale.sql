CREATE TABLE "tills" (
	"id" text PRIMARY KEY NOT NULL,
	"payee" text NOT NULL,
	"api_key_id" text NOT NULL,
	"name" text NOT NULL,
	"chain_id" integer NOT NULL,
	"asset" text NOT NULL,
	"currency" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tips_bps" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "tills_payee_idx" ON "tills" USING btree ("payee","created_at");
--> statement-breakpoint
CREATE TABLE "till_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"till_id" text NOT NULL,
	"request_id" text NOT NULL,
	"subtotal" numeric(78, 0) NOT NULL,
	"tip" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "till_sales_till_idx" ON "till_sales" USING btree ("till_id","created_at");
--> statement-breakpoint
CREATE INDEX "till_sales_request_idx" ON "till_sales" USING btree ("request_id");
