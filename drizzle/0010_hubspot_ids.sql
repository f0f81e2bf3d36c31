ALTER TABLE "leads" ADD COLUMN "hubspot_contact_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "hubspot_deal_id" text;