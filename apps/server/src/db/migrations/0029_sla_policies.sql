ALTER TABLE "tickets" ADD COLUMN "sla_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_next_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_breach" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_breached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_next_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "sla_business_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_sla_live_idx" ON "tickets" USING btree ("company_id") WHERE "tickets"."sla_started_at" IS NOT NULL AND "tickets"."sla_breached_at" IS NULL AND "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_company_sla_started_idx" ON "tickets" USING btree ("company_id","sla_started_at") WHERE "tickets"."sla_started_at" IS NOT NULL;