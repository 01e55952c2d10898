CREATE TABLE "contact_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"lid" text,
	"email" text DEFAULT '' NOT NULL,
	"url_picture" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"accept_audio_message" boolean DEFAULT true NOT NULL,
	"disable_bot" boolean DEFAULT false NOT NULL,
	"lgpd_accepted_at" timestamp with time zone,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"whatsapp_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"whatsapp_id" integer,
	"external_id" text,
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"media_type" text DEFAULT 'text' NOT NULL,
	"media_url" text,
	"media_name" text,
	"media_mime_type" text,
	"media_size" bigint,
	"media_ref" jsonb,
	"data_json" jsonb,
	"quoted_msg_id" bigint,
	"quoted_external_id" text,
	"ack" smallint DEFAULT 0 NOT NULL,
	"send_error" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"is_forwarded" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"user_id" integer,
	"queue_id" integer,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"integration_id" integer,
	"prompt_id" integer,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"amount_used_bot_queues" integer DEFAULT 0 NOT NULL,
	"amount_used_bot_queues_nps" integer DEFAULT 0 NOT NULL,
	"chatbot_option_id" integer,
	"is_out_of_hour" boolean DEFAULT false NOT NULL,
	"send_inactive_message" boolean DEFAULT false NOT NULL,
	"lgpd_send_message_at" timestamp with time zone,
	"lgpd_accepted_at" timestamp with time zone,
	"imported" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_queues" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "whatsapp_queues_whatsapp_id_queue_id_pk" PRIMARY KEY("whatsapp_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"provider" text DEFAULT 'beta' NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"rating_message" text DEFAULT '' NOT NULL,
	"greeting_media_attachment" text,
	"max_use_bot_queues" integer DEFAULT 3 NOT NULL,
	"time_use_bot_queues" integer DEFAULT 0 NOT NULL,
	"max_use_bot_queues_nps" integer DEFAULT 3 NOT NULL,
	"expires_ticket" integer DEFAULT 0 NOT NULL,
	"when_expires_ticket" text DEFAULT '0' NOT NULL,
	"expires_ticket_nps" integer DEFAULT 0 NOT NULL,
	"expires_inactive_message" text DEFAULT '' NOT NULL,
	"time_inactive_message" integer DEFAULT 0 NOT NULL,
	"inactive_message" text DEFAULT '' NOT NULL,
	"time_create_new_ticket" integer DEFAULT 0 NOT NULL,
	"send_id_queue" integer,
	"time_send_queue" integer DEFAULT 0 NOT NULL,
	"group_as_ticket" text DEFAULT 'disabled' NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"status_import_messages" text DEFAULT '' NOT NULL,
	"import_old_messages" timestamp with time zone,
	"import_recent_messages" timestamp with time zone,
	"import_old_messages_groups" boolean DEFAULT false NOT NULL,
	"closed_tickets_post_imported" boolean DEFAULT false NOT NULL,
	"queue_id_import_messages" integer,
	"collective_vacation_start" text,
	"collective_vacation_end" text,
	"collective_vacation_message" text DEFAULT '' NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prompt_id" integer,
	"integration_id" integer,
	"phone_number_id" text,
	"business_account_id" text,
	"access_token" text,
	"app_secret" text,
	"verify_token" text,
	"facebook_user_id" text,
	"facebook_user_token" text,
	"facebook_page_user_id" text,
	"token_meta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_send_id_queue_queues_id_fk" FOREIGN KEY ("send_id_queue") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_queue_id_import_messages_queues_id_fk" FOREIGN KEY ("queue_id_import_messages") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_custom_fields_contact_idx" ON "contact_custom_fields" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_channel_number_unique" ON "contacts" USING btree ("company_id","channel","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_uuid_unique" ON "contacts" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contacts_company_lid_idx" ON "contacts" USING btree ("company_id","lid") WHERE "contacts"."lid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_whatsapp_external_unique" ON "messages" USING btree ("whatsapp_id","external_id");--> statement-breakpoint
CREATE INDEX "messages_ticket_created_idx" ON "messages" USING btree ("ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_company_created_idx" ON "messages" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_logs_ticket_idx" ON "ticket_logs" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_unique" ON "tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_contact_whatsapp_live_unique" ON "tickets" USING btree ("contact_id","whatsapp_id") WHERE "tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets" USING btree ("company_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_queue_status_updated_idx" ON "tickets" USING btree ("company_id","queue_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_updated_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_contact_idx" ON "tickets" USING btree ("company_id","contact_id","whatsapp_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "whatsapp_queues_company_queue_idx" ON "whatsapp_queues" USING btree ("company_id","queue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_token_unique" ON "whatsapps" USING btree ("token");--> statement-breakpoint
CREATE INDEX "whatsapps_company_idx" ON "whatsapps" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_company_default_unique" ON "whatsapps" USING btree ("company_id") WHERE "whatsapps"."is_default";--> statement-breakpoint
CREATE INDEX "whatsapps_phone_number_idx" ON "whatsapps" USING btree ("phone_number_id") WHERE "whatsapps"."phone_number_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "whatsapps_page_idx" ON "whatsapps" USING btree ("facebook_page_user_id") WHERE "whatsapps"."facebook_page_user_id" IS NOT NULL;