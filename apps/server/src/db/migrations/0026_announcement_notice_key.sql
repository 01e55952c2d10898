ALTER TABLE "announcements" ADD COLUMN "notice_key" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "notice_params" jsonb;