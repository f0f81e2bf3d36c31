ALTER TABLE "leads" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ai_goal" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "total_calls" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tcpa_consent" boolean;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_text_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "company_size" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "page_path" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "bot_check" text;--> statement-breakpoint
-- Every form without its desk row (none is known: 0003 made one for each form stored before it,
-- and every lead since is stored with both) gets one, New, as 0003 made them, so that no form is lost.
INSERT INTO "leads" ("id", "kind", "source", "created_at", "name", "email", "company")
SELECT b."id", 'booking_inquiry', b."source_form"::text::"lead_origin", b."created_at", b."name", b."work_email", b."company_name"
  FROM "booking_inquiries" b WHERE NOT EXISTS (SELECT 1 FROM "leads" l WHERE l."id" = b."id")
UNION ALL
SELECT c."id", 'contact_request', 'contact_form', c."created_at", c."name", c."email", c."company"
  FROM "contact_requests" c WHERE NOT EXISTS (SELECT 1 FROM "leads" l WHERE l."id" = c."id");--> statement-breakpoint
-- Each form's own fields and evidence move onto its lead (the same id). Id, created_at, name, e-mail,
-- company and source are the lead's already: the desk row copied them from the form in the
-- statement that stored both, and nothing changes them since.
UPDATE "leads" l SET "job_title" = b."job_title", "ai_goal" = b."ai_goal", "total_calls" = b."total_calls", "tcpa_consent" = b."tcpa_consent", "consent_text_version" = b."consent_text_version", "page_path" = b."page_path", "referrer" = b."referrer", "utm_source" = b."utm_source", "utm_medium" = b."utm_medium", "utm_campaign" = b."utm_campaign", "utm_term" = b."utm_term", "utm_content" = b."utm_content", "client_ip" = b."client_ip", "user_agent" = b."user_agent", "idempotency_key" = b."idempotency_key", "bot_check" = b."bot_check"
  FROM "booking_inquiries" b WHERE b."id" = l."id";--> statement-breakpoint
UPDATE "leads" l SET "role" = c."role", "phone" = c."phone", "industry" = c."industry", "company_size" = c."company_size", "notes" = c."notes", "page_path" = c."page_path", "referrer" = c."referrer", "utm_source" = c."utm_source", "utm_medium" = c."utm_medium", "utm_campaign" = c."utm_campaign", "utm_term" = c."utm_term", "utm_content" = c."utm_content", "client_ip" = c."client_ip", "user_agent" = c."user_agent", "idempotency_key" = c."idempotency_key", "bot_check" = c."bot_check"
  FROM "contact_requests" c WHERE c."id" = l."id";--> statement-breakpoint
-- Without CASCADE: an object of an operator's that depends on either table stops the migration
-- with PostgreSQL's message instead of being dropped along with it (docs/decisions/0101).
DROP TABLE "booking_inquiries";--> statement-breakpoint
DROP TABLE "contact_requests";--> statement-breakpoint
-- The two forms under their former names and columns, read by operators' queries and reports.
-- A desk row without a form (no idempotency key) was in neither table and is in neither view.
CREATE VIEW "booking_inquiries" AS
SELECT "id", "created_at", "name", "email" AS "work_email", "company" AS "company_name", "job_title", "ai_goal",
       "total_calls", "tcpa_consent", "source"::text::"lead_source" AS "source_form", "consent_text_version",
       "page_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
       "client_ip", "user_agent", "idempotency_key", "bot_check"
  FROM "leads" WHERE "kind" = 'booking_inquiry' AND "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE VIEW "contact_requests" AS
SELECT "id", "created_at", "name", "company", "role", "email", "phone", "industry", "company_size", "notes",
       "page_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
       "client_ip", "user_agent", "idempotency_key", "bot_check"
  FROM "leads" WHERE "kind" = 'contact_request' AND "idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_kind_idempotency_key_key" UNIQUE("kind","idempotency_key");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_total_calls_range" CHECK ("leads"."total_calls" is null or ("leads"."total_calls" between 1 and 1000000));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_booking_fields" CHECK (case when "leads"."kind" = 'booking_inquiry'
        then "leads"."idempotency_key" is null or ("leads"."job_title" is not null and "leads"."tcpa_consent" is not null and "leads"."consent_text_version" is not null)
        else "leads"."job_title" is null and "leads"."ai_goal" is null and "leads"."total_calls" is null and "leads"."tcpa_consent" is null and "leads"."consent_text_version" is null end);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_fields" CHECK (case when "leads"."kind" = 'contact_request'
        then "leads"."idempotency_key" is null or "leads"."industry" is not null
        else "leads"."role" is null and "leads"."phone" is null and "leads"."industry" is null and "leads"."company_size" is null and "leads"."notes" is null end);
