DROP INDEX "lead_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "lead_outbox" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_outbox_dead_idx" ON "lead_outbox" USING btree ("dead_at") WHERE "lead_outbox"."dead_at" is not null;--> statement-breakpoint
CREATE INDEX "lead_outbox_delivered_payload_idx" ON "lead_outbox" USING btree ("delivered_at") WHERE "lead_outbox"."delivered_at" is not null and "lead_outbox"."payload" is not null;--> statement-breakpoint
CREATE INDEX "lead_outbox_due_idx" ON "lead_outbox" USING btree ("next_attempt_at") WHERE "lead_outbox"."delivered_at" is null and "lead_outbox"."dead_at" is null;--> statement-breakpoint
ALTER TABLE "lead_outbox" ADD CONSTRAINT "lead_outbox_payload_until_delivered" CHECK ("lead_outbox"."payload" is not null or "lead_outbox"."delivered_at" is not null);