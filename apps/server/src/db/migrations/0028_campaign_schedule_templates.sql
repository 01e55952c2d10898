ALTER TABLE "schedules" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "templates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "schedules_company_message_idx" ON "schedules" USING btree ("company_id","message_id");