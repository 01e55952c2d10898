ALTER TABLE "queues" ADD COLUMN "assignment_mode" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment_capacity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "assignment_last_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "assignment_capacity" integer;