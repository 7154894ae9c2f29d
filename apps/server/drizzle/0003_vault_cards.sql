CREATE TABLE "personal_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"expires_on" date,
	"expiry_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_unlocks" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"card_no" text NOT NULL,
	"name" text NOT NULL,
	"father_name" text NOT NULL,
	"designation" text NOT NULL,
	"mobile" text NOT NULL,
	"dl_no" text NOT NULL,
	"police_station" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"blood_group" text NOT NULL,
	"dob" date NOT NULL,
	"member_address" text NOT NULL,
	"photo_key" text NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_cards_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "id_cards_card_no_unique" UNIQUE("card_no")
);
--> statement-breakpoint
ALTER TABLE "personal_documents" ADD CONSTRAINT "personal_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_unlocks" ADD CONSTRAINT "vault_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_unlocks" ADD CONSTRAINT "vault_unlocks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_cards" ADD CONSTRAINT "id_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_documents_user_idx" ON "personal_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_documents_expiry_idx" ON "personal_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "vault_unlocks_user_idx" ON "vault_unlocks" USING btree ("user_id");