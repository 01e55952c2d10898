CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"document" text,
	"status" boolean DEFAULT true NOT NULL,
	"plan_id" integer,
	"due_date" timestamp with time zone,
	"recurrence" text DEFAULT 'MENSAL' NOT NULL,
	"payment_method" text,
	"address_street" text,
	"address_state" text,
	"address_city" text,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_attendants" integer DEFAULT 1 NOT NULL,
	"number_conections" integer DEFAULT 1 NOT NULL,
	"timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"last_login" timestamp with time zone,
	"folder_size" bigint DEFAULT 0 NOT NULL,
	"number_file_folder" integer DEFAULT 0 NOT NULL,
	"updated_at_folder" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"user_rating" text DEFAULT 'disabled' NOT NULL,
	"schedule_type" text DEFAULT 'disabled' NOT NULL,
	"accept_call_whatsapp" text DEFAULT 'enabled' NOT NULL,
	"user_random" text DEFAULT 'disabled' NOT NULL,
	"send_greeting_message_one_queues" text DEFAULT 'enabled' NOT NULL,
	"send_sign_message" text DEFAULT 'enabled' NOT NULL,
	"send_farewell_waiting_ticket" text DEFAULT 'disabled' NOT NULL,
	"send_greeting_accepted" text DEFAULT 'disabled' NOT NULL,
	"send_queue_position" text DEFAULT 'disabled' NOT NULL,
	"accept_audio_message_contact" text DEFAULT 'enabled' NOT NULL,
	"enable_lgpd" text DEFAULT 'disabled' NOT NULL,
	"required_tag" text DEFAULT 'disabled' NOT NULL,
	"lgpd_delete_message" text DEFAULT 'disabled' NOT NULL,
	"lgpd_hide_number" text DEFAULT 'disabled' NOT NULL,
	"lgpd_consent" text DEFAULT 'disabled' NOT NULL,
	"lgpd_message" text DEFAULT '' NOT NULL,
	"lgpd_link" text DEFAULT '' NOT NULL,
	"send_msg_transf_ticket" text DEFAULT 'disabled' NOT NULL,
	"close_ticket_on_transfer" text DEFAULT 'false' NOT NULL,
	"direct_tickets_to_wallets" text DEFAULT 'disabled' NOT NULL,
	"show_notification_pending" text DEFAULT 'false' NOT NULL,
	"transfer_message" text DEFAULT '' NOT NULL,
	"greeting_accepted_message" text DEFAULT '' NOT NULL,
	"accept_call_whatsapp_message" text DEFAULT '' NOT NULL,
	"send_queue_position_message" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"queues" integer DEFAULT 0 NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"use_whatsapp" boolean DEFAULT true NOT NULL,
	"use_facebook" boolean DEFAULT true NOT NULL,
	"use_instagram" boolean DEFAULT true NOT NULL,
	"use_campaigns" boolean DEFAULT true NOT NULL,
	"use_schedules" boolean DEFAULT true NOT NULL,
	"use_internal_chat" boolean DEFAULT true NOT NULL,
	"use_external_api" boolean DEFAULT true NOT NULL,
	"use_kanban" boolean DEFAULT true NOT NULL,
	"use_open_ai" boolean DEFAULT true NOT NULL,
	"use_integrations" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"order_queue" integer,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ativar_roteador" boolean DEFAULT false NOT NULL,
	"tempo_roteador" integer DEFAULT 0 NOT NULL,
	"integration_id" integer,
	"file_list_id" integer,
	"prompt_id" integer,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_queues" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "user_queues_user_id_queue_id_pk" PRIMARY KEY("user_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile" text DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen" timestamp with time zone,
	"start_work" text DEFAULT '00:00' NOT NULL,
	"end_work" text DEFAULT '23:59' NOT NULL,
	"color" text,
	"profile_image" text,
	"whatsapp_id" integer,
	"farewell_message" text,
	"language" text,
	"show_dashboard" text DEFAULT 'disabled' NOT NULL,
	"allow_real_time" text DEFAULT 'disabled' NOT NULL,
	"allow_connections" text DEFAULT 'disabled' NOT NULL,
	"all_ticket" text DEFAULT 'disabled' NOT NULL,
	"allow_group" text DEFAULT 'disabled' NOT NULL,
	"all_historic" text DEFAULT 'disabled' NOT NULL,
	"all_user_chat" text DEFAULT 'disabled' NOT NULL,
	"user_close_pending_ticket" text DEFAULT 'disabled' NOT NULL,
	"default_theme" text DEFAULT 'light' NOT NULL,
	"default_menu" text DEFAULT 'open' NOT NULL,
	"default_tickets_manager_width" integer DEFAULT 550 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_unique" ON "queues" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_unique" ON "queues" USING btree ("company_id","color");--> statement-breakpoint
CREATE INDEX "user_queues_company_queue_idx" ON "user_queues" USING btree ("company_id","queue_id");--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","name");