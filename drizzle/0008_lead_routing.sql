CREATE TABLE "lead_desk_staff" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"taking_leads" boolean DEFAULT true NOT NULL,
	"enterprise_rotation" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"work_days" integer[],
	"work_start" time,
	"work_end" time,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_desk_staff_hours_both_or_neither" CHECK (("lead_desk_staff"."work_start" is null) = ("lead_desk_staff"."work_end" is null))
);
--> statement-breakpoint
CREATE TABLE "lead_rotations" (
	"name" text PRIMARY KEY NOT NULL,
	"turn" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_desk_staff" ADD CONSTRAINT "lead_desk_staff_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;