CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"entry_path" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"referrer_host" text NOT NULL,
	"device" text NOT NULL,
	"visitors" integer NOT NULL,
	"cta_clicks" integer NOT NULL,
	"dialog_opens" integer NOT NULL,
	"form_starts" integer NOT NULL,
	"submissions" integer NOT NULL,
	"meetings_booked" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"demo_plays" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_breakdowns" (
	"day" date NOT NULL,
	"filter_dimension" text NOT NULL,
	"filter_value" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"cta_clicks" integer NOT NULL,
	"dialog_opens" integer NOT NULL,
	"form_starts" integer NOT NULL,
	"submissions" integer NOT NULL,
	"meetings_booked" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"demo_plays" integer NOT NULL,
	CONSTRAINT "analytics_daily_breakdowns_pk" PRIMARY KEY("day","filter_dimension","filter_value","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"visitor" uuid NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"day" date NOT NULL,
	"visitor" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"entry_path" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"cta_click" boolean DEFAULT false NOT NULL,
	"dialog_open" boolean DEFAULT false NOT NULL,
	"form_start" boolean DEFAULT false NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL,
	"meeting_booked" boolean DEFAULT false NOT NULL,
	"pageviews" integer DEFAULT 0 NOT NULL,
	"demo_plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_visits_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_day_idx" ON "analytics_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_daily_breakdowns_filter_idx" ON "analytics_daily_breakdowns" USING btree ("filter_dimension","filter_value","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");