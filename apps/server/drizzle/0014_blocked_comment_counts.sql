DROP INDEX "comments_user_idx";--> statement-breakpoint
CREATE INDEX "users_blocked_idx" ON "users" USING btree ("id") WHERE "users"."blocked_at" is not null;--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id","post_id");