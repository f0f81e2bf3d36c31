CREATE TYPE "public"."lead_origin" AS ENUM('booking_dialog', 'enterprise_dialog', 'enterprise_inline', 'contact_form');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('new', 'contacted', 'meeting_booked', 'meeting_held', 'no_show', 'unqualified', 'won', 'lost');--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	CONSTRAINT "lead_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" "lead_origin" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"status" "lead_status" DEFAULT 'new' NOT NULL,
	"owner_user_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"reference_hash" text,
	"first_response_at" timestamp with time zone,
	"meeting_booked_at" timestamp with time zone,
	"meeting_starts_at" timestamp with time zone,
	"meeting_invitee_uri" text,
	"status_before_meeting" "lead_status",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_reference_hash_unique" UNIQUE("reference_hash"),
	CONSTRAINT "leads_meeting_only_on_bookings" CHECK ("leads"."kind" = 'booking_inquiry' or "leads"."meeting_booked_at" is null)
);
--> statement-breakpoint
ALTER TABLE "lead_outbox" DROP CONSTRAINT "lead_outbox_lead_channel_key";--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD COLUMN "topic" text DEFAULT 'lead_stored' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD COLUMN "topic_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_user_id_auth_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_at_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_owner_created_at_idx" ON "leads" USING btree ("owner_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_source_created_at_idx" ON "leads" USING btree ("source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_meeting_booked_at_idx" ON "leads" USING btree ("meeting_booked_at") WHERE "leads"."meeting_booked_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD CONSTRAINT "lead_outbox_lead_channel_topic_key" UNIQUE("lead_id","channel","topic","topic_ref");--> statement-breakpoint
-- Every lead stored before the lead desk: one row each, New, with its "created" timeline entry.
INSERT INTO "leads" ("id", "kind", "source", "created_at", "name", "email", "company")
SELECT "id", 'booking_inquiry', "source_form"::text::"lead_origin", "created_at", "name", "work_email", "company_name" FROM "booking_inquiries"
UNION ALL
SELECT "id", 'contact_request', 'contact_form', "created_at", "name", "email", "company" FROM "contact_requests";--> statement-breakpoint
INSERT INTO "lead_events" ("lead_id", "at", "type", "data")
SELECT "id", "created_at", 'created', jsonb_build_object('source', "source") FROM "leads";
