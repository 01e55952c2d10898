/**
 * The admin command line (issue 32 item 4): `npm run atendo -- <command>`, or `node apps/server/dist/cli.js <command>`
 * in the production image. Every command goes through the modules' services — the validation, tenant rules, password
 * hashing, plan checks and domain events of the HTTP routes — never through SQL of its own (docs/decisions.md).
 * The composition root and the modules are imported when a command needs them: `--help` loads none of them.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  type CompanyDto,
  CreateCompanyBody,
  calendarDay,
  DEFAULT_TIME_ZONE,
  daysUntilDueDay,
  PLATFORM_COMPANY_ID,
  UpdateUserBody,
} from '@atendo/shared';
import type { ZodError } from 'zod';
import { DatabaseLockedError, runMigrations } from '../db/open';
import { AppError } from '../platform/errors';
import type { CliRuntime } from './runtime';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliOptions {
  io: CliIo;
  /** Opens the database and the services (src/cli/runtime.ts; the test harness's in tests). */
  open(): Promise<CliRuntime>;
  now?: () => Date;
}

/** A mistake in the command line itself (exit code 2): the command's help follows the message. */
class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

interface Command {
  summary: string;
  usage: string;
  options: Record<string, { type: 'string' | 'boolean'; help: string }>;
  positionals?: boolean;
  run(rt: CliRuntime, args: { values: Values; positionals: string[] }, ctx: { io: CliIo; now: Date }): Promise<void>;
}

const ERROR_TEXT: Partial<Record<string, string>> = {
  ERR_EMAIL_ALREADY_EXISTS: 'a user with this e-mail already exists',
  ERR_COMPANY_ALREADY_EXISTS: 'a company with this name already exists',
  ERR_NO_PLAN_FOUND: 'no such plan',
  ERR_NO_COMPANY_FOUND: 'no such company',
  ERR_NO_USER_FOUND: 'no user with this e-mail',
  ERR_PLATFORM_COMPANY: "the platform's own company (1) never expires and cannot be changed this way",
  ERR_VALIDATION: 'invalid value',
};

/** A generated password: 16 characters of base64url (96 random bits), inside passwordField's 5–50. */
const generatePassword = () => randomBytes(12).toString('base64url');

const str = (v: Values[string]) => (typeof v === 'string' ? v : undefined);

function required(values: Values, name: string): string {
  const v = str(values[name])?.trim();
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
}

/** Zod's issues as `field: message key` lines (the keys are the web's i18n keys, readable as they are). */
function invalid(error: ZodError): AppError {
  return new AppError(
    'ERR_VALIDATION',
    400,
    undefined,
    error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}

/** A company by id or by its name (any case). */
async function findCompany(rt: CliRuntime, ref: string): Promise<CompanyDto> {
  const { companies } = await rt.modules();
  if (/^\d+$/.test(ref)) return companies.show(Number(ref));
  const found = (await companies.list()).find((c) => c.name.trim().toLowerCase() === ref.trim().toLowerCase());
  if (!found) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
  return found;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

const COMMANDS: Record<string, Command> = {
  'create-company': {
    summary: 'create a company with its admin (who signs in with the company e-mail)',
    usage:
      'create-company --name <name> --email <e-mail> [--password <password>] [--plan <id|name>] [--due-date <YYYY-MM-DD>] [--phone <phone>]',
    options: {
      name: { type: 'string', help: "the company's name (unique)" },
      email: { type: 'string', help: "the company's e-mail, also its admin's sign-in" },
      password: { type: 'string', help: "the admin's password (5–50 characters); omitted, one is generated and printed once" },
      plan: { type: 'string', help: 'plan id or name; default "Plano Padrão"' },
      'due-date': { type: 'string', help: 'the due date (YYYY-MM-DD); default none' },
      phone: { type: 'string', help: "the company's phone" },
    },
    async run(rt, { values }, { io }) {
      const { companies, plans } = await rt.modules();
      const planRef = str(values.plan)?.trim() || 'Plano Padrão';
      const plan = (await plans.listAll()).find((p) =>
        /^\d+$/.test(planRef) ? p.id === Number(planRef) : p.name.toLowerCase() === planRef.toLowerCase(),
      );
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      const generated = values.password === undefined;
      const password = str(values.password) ?? generatePassword();
      const body = CreateCompanyBody.safeParse({
        name: required(values, 'name'),
        email: required(values, 'email'),
        password,
        planId: plan.id,
        phone: str(values.phone),
        dueDate: str(values['due-date']),
      });
      if (!body.success) throw invalid(body.error);
      const { operatorContext } = await import('../modules/auth/auth.public');
      const operator = await operatorContext(rt.database.db);
      if (!operator) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      const company = await companies.create(operator, body.data);
      io.out(`Company ${company.id} "${company.name}" created on plan "${plan.name}".`);
      io.out(`Admin: ${company.email}`);
      if (generated) io.out(`Password: ${password}  (shown once; change it after signing in)`);
    },
  },

  'reset-password': {
    summary: "set a user's password (their sessions end)",
    usage: 'reset-password --email <e-mail> [--password <password>]',
    options: {
      email: { type: 'string', help: "the user's sign-in e-mail" },
      password: { type: 'string', help: 'the new password (5–50 characters); omitted, one is generated and printed once' },
    },
    async run(rt, { values }, { io }) {
      const { users } = await rt.modules();
      const email = required(values, 'email');
      const generated = values.password === undefined;
      const body = UpdateUserBody.safeParse({ password: str(values.password) ?? generatePassword() });
      if (!body.success) throw invalid(body.error);
      const { asOperator, findUserByEmail, loadTenantContext } = await import('../modules/auth/auth.public');
      const user = await findUserByEmail(rt.database.db, email);
      const target = user && (await loadTenantContext(rt.database.db, user.id));
      if (!user || !target) throw new AppError('ERR_NO_USER_FOUND', 404);
      // The operator acts as a super admin inside the user's company: users.update's rules apply (a password set for
      // someone else ends their sessions), with no user of the company standing in for the operator; the audit log
      // records it in that company, as 'atendo cli'.
      await users.update(asOperator(target), user.id, body.data);
      io.out(`Password of ${user.email} (company ${user.companyId}) changed; their sessions ended.`);
      if (generated) io.out(`Password: ${body.data.password}  (shown once)`);
    },
  },

  'list-companies': {
    summary: 'list the companies with their plan and due date',
    usage: 'list-companies [--json]',
    options: { json: { type: 'boolean', help: 'one JSON array instead of a table' } },
    async run(rt, { values }, { io, now }) {
      const { companies } = await rt.modules();
      const list = (await companies.list()).map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        status: c.status,
        plan: c.plan ? { id: c.plan.id, name: c.plan.name } : null,
        dueDate: c.id === PLATFORM_COMPANY_ID ? null : calendarDay(c.dueDate),
        daysLeft: c.id === PLATFORM_COMPANY_ID ? null : daysUntilDueDay(c, now, DEFAULT_TIME_ZONE),
      }));
      if (values.json) {
        io.out(JSON.stringify(list, null, 2));
        return;
      }
      const rows = [['ID', 'NAME', 'E-MAIL', 'PLAN', 'STATUS', 'DUE DATE', 'DAYS LEFT']];
      for (const c of list) {
        rows.push([
          String(c.id),
          c.name,
          c.email ?? '',
          c.plan?.name ?? '',
          c.status ? 'active' : 'inactive',
          c.dueDate ?? (c.id === PLATFORM_COMPANY_ID ? 'never' : ''),
          c.daysLeft === null ? '' : String(c.daysLeft),
        ]);
      }
      for (const line of table(rows)) io.out(line);
    },
  },

  'extend-due-date': {
    summary: "move a company's due date (by days, or to a date)",
    usage: 'extend-due-date --company <id|name> (--days <n> | --to <YYYY-MM-DD>)',
    options: {
      company: { type: 'string', help: "the company's id or name" },
      days: { type: 'string', help: 'days added to the later of today and the current due date' },
      to: { type: 'string', help: 'the new due date' },
    },
    async run(rt, { values }, { io, now }) {
      const { companies } = await rt.modules();
      const days = str(values.days);
      const to = str(values.to);
      if ((days === undefined) === (to === undefined)) throw new UsageError('give either --days or --to');
      if (days !== undefined && !/^\d+$/.test(days)) throw new UsageError('--days takes a whole number of days');
      if (to !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(to)) throw new UsageError('--to takes a date as YYYY-MM-DD');
      const company = await findCompany(rt, required(values, 'company'));
      const before = calendarDay(company.dueDate);
      const { operatorContext } = await import('../modules/auth/auth.public');
      const operator = await operatorContext(rt.database.db);
      if (!operator) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      const change = to !== undefined ? { to } : { days: Number(days) };
      const after = await companies.extendDueDate(operator, company.id, change, now);
      io.out(`Company ${after.id} "${after.name}": due date ${before ?? 'none'} → ${calendarDay(after.dueDate)}.`);
    },
  },

  migrate: {
    summary: 'apply the pending database migrations and the first-start seed (as the server does at start)',
    usage: 'migrate',
    options: {},
    async run(rt, _args, { io }) {
      await runMigrations(rt.database);
      const { seedDatabase } = await import('../composition');
      const seeded = await seedDatabase(rt.database.db, {
        adminEmail: rt.config.adminEmail,
        adminPassword: rt.config.adminPassword,
      });
      io.out(`Database migrated (${rt.database.kind === 'pg' ? 'PostgreSQL' : `PGlite in ${rt.config.dataDir}`}).`);
      const admin = seeded.createdAdmin;
      if (admin) {
        io.out(
          `Super admin created: ${admin.email}${admin.generated ? `  password: ${admin.password}  (shown once)` : ' (password from ADMIN_PASSWORD)'}`,
        );
      }
    },
  },

  sweep: {
    summary: "run one of the periodic sweeps now: 'idle-tickets' or 'invoices'",
    usage: 'sweep <idle-tickets|invoices>',
    options: {},
    positionals: true,
    async run(rt, { positionals }, { io }) {
      const [which, ...rest] = positionals;
      if (rest.length || (which !== 'idle-tickets' && which !== 'invoices')) {
        throw new UsageError("name one sweep: 'idle-tickets' or 'invoices'");
      }
      const modules = await rt.modules();
      if (which === 'idle-tickets') {
        // The job tickets.sweepIdle runs every minute (tickets.jobs.ts): the same call.
        const { closed, reminded } = await modules.tickets.sweepIdle();
        io.out(`Idle tickets: ${closed} closed, ${reminded} inactivity messages sent.`);
      } else {
        // The job billing.issueInvoices runs every hour (billing.jobs.ts): the same call.
        const issued = await modules.billing.issueInvoices();
        io.out(`Invoices: ${issued} issued.`);
      }
    },
  },
};

function commandHelp(name: string, c: Command): string[] {
  const lines = [`Usage: atendo ${c.usage}`, '', `${c.summary[0].toUpperCase()}${c.summary.slice(1)}.`];
  const opts = Object.entries(c.options);
  if (opts.length) {
    lines.push('', 'Options:');
    const width = Math.max(...opts.map(([o]) => o.length)) + 2;
    for (const [o, spec] of opts) lines.push(`  --${o.padEnd(width)}${spec.help}`);
  }
  lines.push(`  --${'help'.padEnd(Math.max(6, ...opts.map(([o]) => o.length + 2)))}this help`);
  if (name !== 'migrate') lines.push('', 'Run `atendo migrate` first on a new database.');
  return lines;
}

function toolHelp(): string[] {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  return [
    'Usage: atendo <command> [options]     (npm run atendo -- <command>; node apps/server/dist/cli.js <command>)',
    '',
    'Administers an Atendo database through its services. It opens DATABASE_URL (PostgreSQL) when set, else the',
    'embedded database in $DATA_DIR/db (default ./data/db), which a running server holds: stop it first.',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(width)}${c.summary}`),
    '',
    'atendo <command> --help shows a command’s options.',
  ];
}

/** Runs one command line; answers the process's exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runCli(argv: string[], opts: CliOptions): Promise<number> {
  const { io } = opts;
  const [name, ...rest] = argv;
  if (!name) {
    for (const line of toolHelp()) io.err(line);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    for (const line of toolHelp()) io.out(line);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`atendo: unknown command "${name}"`);
    for (const line of toolHelp()) io.err(line);
    return 2;
  }
  let args: { values: Values; positionals: string[] };
  try {
    args = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: command.positionals === true,
      strict: true,
    });
  } catch (err) {
    io.err(`atendo ${name}: ${(err as Error).message}`);
    for (const line of commandHelp(name, command)) io.err(line);
    return 2;
  }
  if (args.values.help) {
    for (const line of commandHelp(name, command)) io.out(line);
    return 0;
  }
  let runtime: CliRuntime | undefined;
  try {
    runtime = await opts.open();
    await command.run(runtime, args, { io, now: opts.now?.() ?? new Date() });
    return 0;
  } catch (err) {
    return report(err, name, command, io);
  } finally {
    await runtime?.close();
  }
}

function report(err: unknown, name: string, command: Command, io: CliIo): number {
  if (err instanceof UsageError) {
    io.err(`atendo ${name}: ${err.message}`);
    for (const line of commandHelp(name, command)) io.err(line);
    return 2;
  }
  if (err instanceof AppError) {
    io.err(`atendo ${name}: ${ERROR_TEXT[err.code] ?? 'refused'} (${err.code})`);
    for (const f of err.fields ?? []) io.err(`  ${f.path || 'value'}: ${f.message}`);
    return 1;
  }
  if (err instanceof DatabaseLockedError) {
    io.err(`atendo ${name}: ${err.message}`);
    return 1;
  }
  // A database without the schema: PostgreSQL's undefined_table.
  if ((err as { code?: string }).code === '42P01' || (err as { cause?: { code?: string } }).cause?.code === '42P01') {
    io.err(`atendo ${name}: the database has no Atendo tables yet: run \`atendo migrate\` first`);
    return 1;
  }
  io.err(`atendo ${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
}
