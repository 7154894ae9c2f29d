ALTER TABLE "posts" ADD COLUMN "video_kbps" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "low_video_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "low_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "low_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "low_kbps" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "poster_small_key" text;--> statement-breakpoint
CREATE INDEX "posts_media_backfill_idx" ON "posts" USING btree ("created_at") WHERE "posts"."status" = 'ready' and "posts"."removed_at" is null and "posts"."video_key" is not null and ("posts"."low_video_key" is null or "posts"."poster_small_key" is null);