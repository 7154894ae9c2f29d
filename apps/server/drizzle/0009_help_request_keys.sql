CREATE TABLE "help_request_keys" (
	"user_id" uuid NOT NULL,
	"client_request_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_request_keys" ADD CONSTRAINT "help_request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_request_keys" ADD CONSTRAINT "help_request_keys_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "help_request_keys_user_key_idx" ON "help_request_keys" USING btree ("user_id","client_request_id");--> statement-breakpoint
CREATE INDEX "help_request_keys_request_idx" ON "help_request_keys" USING btree ("request_id");