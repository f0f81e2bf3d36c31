DROP INDEX "lead_events_lead_at_idx";--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "lead_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "lead_events_lead_at_idx" ON "lead_events" USING btree ("lead_id","at","seq");