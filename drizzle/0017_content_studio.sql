ALTER TYPE "public"."app_role" ADD VALUE 'editor' BEFORE 'user';--> statement-breakpoint
CREATE TABLE "content_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_slug" text,
	"first_published_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"publish_at" timestamp with time zone,
	"author_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "content_entries_scheduled_has_time" CHECK (("content_entries"."status" = 'scheduled') = ("content_entries"."publish_at" is not null)),
	CONSTRAINT "content_entries_published_has_copy" CHECK (("content_entries"."status" = 'published') = ("content_entries"."published" is not null))
);
--> statement-breakpoint
CREATE TABLE "content_redirects" (
	"kind" text NOT NULL,
	"from_slug" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_redirects_pk" PRIMARY KEY("kind","from_slug")
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"draft" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "content_revisions_entry_version_key" UNIQUE("entry_id","version")
);
--> statement-breakpoint
CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_state_one_row" CHECK ("content_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_author_user_id_auth_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_redirects" ADD CONSTRAINT "content_redirects_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_entry_id_content_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_slug_key" ON "content_entries" USING btree ("kind","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_published_slug_key" ON "content_entries" USING btree ("kind","published_slug");--> statement-breakpoint
CREATE INDEX "content_entries_kind_updated_idx" ON "content_entries" USING btree ("kind","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_entries_due_idx" ON "content_entries" USING btree ("publish_at") WHERE "content_entries"."status" = 'scheduled';--> statement-breakpoint
INSERT INTO "content_state" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
