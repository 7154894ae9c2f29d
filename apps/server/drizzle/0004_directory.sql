CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_cautions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"image_key" text,
	"video_key" text,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "businesses_position_idx" ON "businesses" USING btree ("position","name");--> statement-breakpoint
CREATE INDEX "safety_cautions_created_idx" ON "safety_cautions" USING btree ("created_at","id");