CREATE TABLE "analytics_daily_posts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"visitors" integer NOT NULL,
	"cta_clicks" integer NOT NULL,
	CONSTRAINT "analytics_daily_posts_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_article_path" text;