DROP INDEX "booking_inquiries_created_at_idx";--> statement-breakpoint
DROP INDEX "booking_inquiries_source_created_idx";