ALTER TABLE "leads" ADD COLUMN "fit_tier" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_kind" text;--> statement-breakpoint
CREATE INDEX "leads_fit_tier_created_at_idx" ON "leads" USING btree ("fit_tier","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_email_kind_created_at_idx" ON "leads" USING btree ("email_kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Leads stored before fit was recorded: their tier from the calls per month they gave, at the default threshold (docs/decisions/0710).
UPDATE "leads" SET "fit_tier" = CASE WHEN b."total_calls" > 15000 THEN 'enterprise' WHEN b."total_calls" > 3000 THEN 'above_plan' ELSE 'within_plan' END FROM "booking_inquiries" b WHERE b."id" = "leads"."id" AND b."total_calls" IS NOT NULL;
