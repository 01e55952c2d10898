CREATE TABLE "campaign_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"message_interval" integer DEFAULT 20 NOT NULL,
	"longer_interval_after" integer DEFAULT 20 NOT NULL,
	"greater_interval" integer DEFAULT 60 NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sabado" boolean DEFAULT false NOT NULL,
	"domingo" boolean DEFAULT false NOT NULL,
	"start_hour" text DEFAULT '09:00' NOT NULL,
	"end_hour" text DEFAULT '18:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_shippings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"run" integer NOT NULL,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact_list_item_id" integer,
	"contact_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"variant" integer DEFAULT 1 NOT NULL,
	"body" text,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"confirmation_requested_at" timestamp with time zone,
	"confirmation_message_id" bigint,
	"confirmed_at" timestamp with time zone,
	"message_id" bigint,
	"ticket_id" integer,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"message1" text DEFAULT '' NOT NULL,
	"message2" text DEFAULT '' NOT NULL,
	"message3" text DEFAULT '' NOT NULL,
	"message4" text DEFAULT '' NOT NULL,
	"message5" text DEFAULT '' NOT NULL,
	"confirmation_message1" text DEFAULT '' NOT NULL,
	"confirmation_message2" text DEFAULT '' NOT NULL,
	"confirmation_message3" text DEFAULT '' NOT NULL,
	"confirmation_message4" text DEFAULT '' NOT NULL,
	"confirmation_message5" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"whatsapp_id" integer,
	"user_id" integer,
	"queue_id" integer,
	"status_ticket" text DEFAULT 'closed' NOT NULL,
	"open_ticket" text DEFAULT 'disabled' NOT NULL,
	"media_path" text,
	"media_name" text,
	"is_recurrent" boolean DEFAULT false NOT NULL,
	"recurrence_interval" integer DEFAULT 30 NOT NULL,
	"recurrence_count" integer DEFAULT 0 NOT NULL,
	"recurrence_end_date" timestamp with time zone,
	"recurrence_executed" integer DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"run" integer DEFAULT 1 NOT NULL,
	"run_sent" integer DEFAULT 0 NOT NULL,
	"next_send_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_whatsapp_valid" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"import_status" text DEFAULT 'idle' NOT NULL,
	"import_summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shippings" ADD CONSTRAINT "campaign_shippings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tag_list_id_tags_id_fk" FOREIGN KEY ("tag_list_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shippings_run_number_unique" ON "campaign_shippings" USING btree ("campaign_id","run","number");--> statement-breakpoint
CREATE INDEX "campaign_shippings_company_campaign_idx" ON "campaign_shippings" USING btree ("company_id","campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_shippings_next_idx" ON "campaign_shippings" USING btree ("campaign_id","run","status","id");--> statement-breakpoint
CREATE INDEX "campaign_shippings_message_idx" ON "campaign_shippings" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_next_idx" ON "campaigns" USING btree ("status","next_send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_list_items_list_number_unique" ON "contact_list_items" USING btree ("contact_list_id","number");--> statement-breakpoint
CREATE INDEX "contact_list_items_company_list_idx" ON "contact_list_items" USING btree ("company_id","contact_list_id","name");--> statement-breakpoint
CREATE INDEX "contact_lists_company_idx" ON "contact_lists" USING btree ("company_id","name");