CREATE TABLE "server_heartbeats" (
	"server_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"watching" integer[] DEFAULT '{}' NOT NULL
);
