ALTER TABLE "booking_inquiries" ADD COLUMN "bot_check" text;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "bot_check" text;