DROP INDEX "user_locations_lat_lng_idx";--> statement-breakpoint
ALTER TABLE "help_requests" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "help_requests" ADD COLUMN "last_requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "help_requests" SET "last_requested_at" = "created_at";--> statement-breakpoint
ALTER TABLE "user_locations" ADD COLUMN "cell" integer;--> statement-breakpoint
UPDATE "user_locations" SET "cell" = least(1799, floor(("latitude" + 90) * 10)::integer) * 3600 + mod(floor(("longitude" + 180) * 10)::integer, 3600);--> statement-breakpoint
ALTER TABLE "user_locations" ALTER COLUMN "cell" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "user_locations_cell_idx" ON "user_locations" USING btree ("cell","recorded_at");
