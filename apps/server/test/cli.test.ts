import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarDay } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/commands';
import { auditSettled } from '../src/modules/audit/audit.public';
import { operatorContext } from '../src/modules/auth/auth.public';
import { addConnection, addQueue, addUser, customerWrites, rows, ticketRow } from './attendance';
import { bearer, createTenant, createTestApp, dueDay, PASSWORD, type TestContext } from './harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Runs one command line in this process on the harness's database and services. */
async function atendo(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    open: async () => ({
      config: t.deps.config,
      database: t.database,
      modules: async () => t.modules,
      close: () => t.settled(), // the harness owns the database: only the reactions are waited for
    }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

describe('atendo --help and usage errors', () => {
  it('lists the commands, shows each command’s options, and exits 2 on a wrong command line', async () => {
    const help = await atendo('--help');
    expect(help.code).toBe(0);
    for (const c of ['create-company', 'reset-password', 'list-companies', 'extend-due-date', 'migrate', 'sweep']) {
      expect(help.out).toContain(c);
      const own = await atendo(c, '--help');
      expect(own.code).toBe(0);
      expect(own.out).toContain(`Usage: atendo ${c}`);
    }
    expect((await atendo('create-company', '--help')).out).toMatch(/--password\s+the admin's password/);
    expect((await atendo()).code).toBe(2);
    const unknown = await atendo('drop-everything');
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('unknown command "drop-everything"')]);
    const badOption = await atendo('list-companies', '--colour');
    expect([badOption.code, badOption.err]).toEqual([2, expect.stringContaining("Unknown option '--colour'")]);
    const missing = await atendo('create-company', '--name', 'Sem Email');
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('--email is required')]);
  });
});

describe('create-company', () => {
  it('creates the company and its admin, who signs in with the generated password printed once', async () => {
    const r = await atendo(
      'create-company',
      '--name',
      'Padaria Central',
      '--email',
      'Dono@Padaria.test',
      '--due-date',
      '2030-05-10',
    );
    expect(r.code).toBe(0);
    const password = /Password: (\S+)/.exec(r.out)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const id = Number(/Company (\d+)/.exec(r.out)?.[1]);
    const company = await t.modules.companies.show(id);
    expect(company).toMatchObject({ name: 'Padaria Central', email: 'dono@padaria.test', plan: { name: 'Plano Padrão' } });
    expect(calendarDay(company.dueDate)).toBe('2030-05-10');
    const signedIn = await login('dono@padaria.test', password!);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ companyId: id, profile: 'admin' });
    expect(t.realtime.events).toContainEqual(expect.objectContaining({ companyId: 1, event: 'company' }));
  });

  it('takes a password and a plan by name; refuses what the route refuses, with exit code 1', async () => {
    const operator = await operatorContext(t.database.db);
    if (!operator) throw new Error('no platform operator');
    const plan = await t.modules.plans.create(operator, {
      name: 'Plano Ouro',
      users: 5,
      connections: 2,
      queues: 3,
      amount: 150,
    } as never);
    const ok = await atendo(
      'create-company',
      '--name',
      'Oficina',
      '--email',
      'oficina@x.test',
      '--password',
      'Oficina#1',
      '--plan',
      'plano ouro',
    );
    expect(ok.code).toBe(0);
    expect(ok.out).not.toContain('Password:');
    expect(ok.out).toContain('on plan "Plano Ouro"');
    expect((await login('oficina@x.test', 'Oficina#1')).statusCode).toBe(200);
    const oficina = (await t.modules.companies.list()).find((c) => c.name === 'Oficina');
    expect(oficina?.planId).toBe(plan.id);
    // the audit log names the command line, not a person
    await auditSettled();
    const [entry] = await rows<{ user_id: number | null; user_name: string }>(
      t,
      sql`SELECT user_id, user_name FROM audit_logs WHERE action = 'company.create' AND entity_id = ${String(oficina?.id)}`,
    );
    expect(entry).toEqual({ user_id: null, user_name: 'atendo cli' });

    const taken = await atendo('create-company', '--name', 'oficina', '--email', 'outro@x.test');
    expect([taken.code, taken.err]).toEqual([1, expect.stringContaining('ERR_COMPANY_ALREADY_EXISTS')]);
    const email = await atendo('create-company', '--name', 'Outra', '--email', 'oficina@x.test');
    expect([email.code, email.err]).toEqual([1, expect.stringContaining('ERR_EMAIL_ALREADY_EXISTS')]);
    const invalid = await atendo('create-company', '--name', 'Outra', '--email', 'not-an-email', '--password', '123');
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain('email: validation.companyEmailInvalid');
    expect(invalid.err).toContain('password: validation.tooShort');
    const noPlan = await atendo('create-company', '--name', 'Outra', '--email', 'outra@x.test', '--plan', 'Plano Nenhum');
    expect([noPlan.code, noPlan.err]).toEqual([1, expect.stringContaining('ERR_NO_PLAN_FOUND')]);
    expect((await t.modules.companies.list()).some((c) => c.name === 'Outra')).toBe(false);
  });
});

describe('reset-password', () => {
  it("sets the user's password through the users service and ends their sessions", async () => {
    const a = await createTenant(t);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(a.userToken) })).statusCode).toBe(200);
    const mark = t.realtime.events.length;
    const given = await atendo('reset-password', '--email', a.userEmail.toUpperCase(), '--password', 'Nova#Senha1');
    expect(given.code).toBe(0);
    expect((await login(a.userEmail, PASSWORD)).statusCode).toBe(401);
    expect((await login(a.userEmail, 'Nova#Senha1')).statusCode).toBe(200);
    expect(t.realtime.events.slice(mark)).toContainEqual(
      expect.objectContaining({ companyId: a.companyId, event: 'auth', payload: { action: 'logout', user: { id: a.userId } } }),
    );

    const generated = await atendo('reset-password', '--email', a.adminEmail);
    const password = /Password: (\S+)/.exec(generated.out)?.[1];
    expect(generated.code).toBe(0);
    expect((await login(a.adminEmail, password!)).statusCode).toBe(200);

    const nobody = await atendo('reset-password', '--email', 'nobody@example.com');
    expect([nobody.code, nobody.err]).toEqual([1, expect.stringContaining('ERR_NO_USER_FOUND')]);
    const short = await atendo('reset-password', '--email', a.userEmail, '--password', 'abc');
    expect([short.code, short.err]).toEqual([1, expect.stringContaining('password: validation.tooShort')]);
    expect((await login(a.userEmail, 'Nova#Senha1')).statusCode).toBe(200);
    // the audit log: in the user's company, by the command line (no user id), the password masked
    await auditSettled();
    const logged = await rows<{ user_id: number | null; user_name: string; after: Record<string, unknown> }>(
      t,
      sql`SELECT user_id, user_name, after FROM audit_logs WHERE action = 'user.update' AND company_id = ${a.companyId} ORDER BY id`,
    );
    expect(logged).toEqual([
      { user_id: null, user_name: 'atendo cli', after: { password: '••••' } },
      { user_id: null, user_name: 'atendo cli', after: { password: '••••' } },
    ]);
  });
});

describe('list-companies', () => {
  it('shows each company with its plan and due date, as a table or as JSON', async () => {
    const a = await createTenant(t, { dueDate: dueDay(7) });
    const json = await atendo('list-companies', '--json');
    expect(json.code).toBe(0);
    const list = JSON.parse(json.out) as {
      id: number;
      plan: { name: string } | null;
      dueDate: string | null;
      daysLeft: number | null;
    }[];
    expect(list.find((c) => c.id === 1)).toMatchObject({ dueDate: null, daysLeft: null });
    expect(list.find((c) => c.id === a.companyId)).toMatchObject({
      plan: { name: 'Plano Padrão' },
      dueDate: calendarDay(dueDay(7)),
      daysLeft: 7,
    });
    const table = await atendo('list-companies');
    expect(table.out.split('\n')[0]).toMatch(/^ID\s+NAME\s+E-MAIL\s+PLAN\s+STATUS\s+DUE DATE\s+DAYS LEFT$/);
    expect(table.out).toMatch(
      new RegExp(`\\n${a.companyId}\\s+Company .*Plano Padrão\\s+active\\s+${calendarDay(dueDay(7))}\\s+7`),
    );
  });
});

describe('extend-due-date', () => {
  it('adds days to the due date, or to today when it is over, or sets a date; the company’s users see it at once', async () => {
    const soon = await createTenant(t, { dueDate: dueDay(5) });
    const expired = await createTenant(t, { dueDate: dueDay(-3) });
    expect((await t.app.inject({ method: 'GET', url: '/queue', headers: bearer(expired.userToken) })).statusCode).toBe(402);

    expect((await atendo('extend-due-date', '--company', String(soon.companyId), '--days', '10')).code).toBe(0);
    expect(calendarDay((await t.modules.companies.show(soon.companyId)).dueDate)).toBe(calendarDay(dueDay(15)));
    const name = (await t.modules.companies.show(expired.companyId)).name;
    const r = await atendo('extend-due-date', '--company', name.toUpperCase(), '--days', '30');
    expect(r.out).toContain(`${calendarDay(dueDay(-3))} → ${calendarDay(dueDay(30))}`);
    expect((await t.app.inject({ method: 'GET', url: '/queue', headers: bearer(expired.userToken) })).statusCode).toBe(200);

    expect((await atendo('extend-due-date', '--company', String(soon.companyId), '--to', '2031-01-31')).code).toBe(0);
    expect(calendarDay((await t.modules.companies.show(soon.companyId)).dueDate)).toBe('2031-01-31');

    const bad = await atendo('extend-due-date', '--company', String(soon.companyId), '--to', '2031-02-30');
    expect([bad.code, bad.err]).toEqual([1, expect.stringContaining('dueDate: validation.invalid')]);
    const platform = await atendo('extend-due-date', '--company', '1', '--days', '5');
    expect([platform.code, platform.err]).toEqual([1, expect.stringContaining('ERR_PLATFORM_COMPANY')]);
    const none = await atendo('extend-due-date', '--company', 'No Such Company', '--days', '5');
    expect([none.code, none.err]).toEqual([1, expect.stringContaining('ERR_NO_COMPANY_FOUND')]);
    const both = await atendo('extend-due-date', '--company', '2', '--days', '5', '--to', '2031-01-01');
    expect([both.code, both.err]).toEqual([2, expect.stringContaining('either --days or --to')]);
    expect(calendarDay((await t.modules.companies.show(soon.companyId)).dueDate)).toBe('2031-01-31');
    // each change in the audit log, by the command line, in the platform's company (decision 96)
    await auditSettled();
    const logged = await rows<{
      company_id: number;
      user_id: number | null;
      user_name: string;
      before: { dueDate: string };
      after: { dueDate: string };
    }>(
      t,
      sql`SELECT company_id, user_id, user_name, before, after FROM audit_logs WHERE action = 'company.update' AND entity_id = ${String(soon.companyId)} ORDER BY id`,
    );
    expect(logged.map((e) => [e.company_id, e.user_id, e.user_name])).toEqual([
      [1, null, 'atendo cli'],
      [1, null, 'atendo cli'],
    ]);
    expect(logged.map((e) => [calendarDay(e.before.dueDate), calendarDay(e.after.dueDate)])).toEqual([
      [calendarDay(dueDay(5)), calendarDay(dueDay(15))],
      [calendarDay(dueDay(15)), '2031-01-31'],
    ]);
  });
});

describe('migrate', () => {
  it('applies the migrations and the seed, which change nothing on a migrated database', async () => {
    const before = (await t.modules.companies.list()).length;
    const r = await atendo('migrate');
    expect([r.code, r.out]).toEqual([0, expect.stringContaining('Database migrated')]);
    expect(r.out).not.toContain('Super admin created');
    expect((await t.modules.companies.list()).length).toBe(before);
  });
});

describe('sweep', () => {
  it('idle-tickets closes what the minute job closes (tickets.sweepIdle)', async () => {
    const a = await createTenant(t);
    const queue = await addQueue(t, a);
    const ana = await addUser(t, a, { queueIds: [queue] });
    const conn = await addConnection(t, a, { queueIds: [queue] });
    const w = await customerWrites(t, conn.id);
    await t.app.inject({ method: 'PUT', url: `/tickets/${w.ticketId}`, headers: bearer(ana.token), payload: { status: 'open' } });
    await t.database.db.execute(
      sql`UPDATE messages SET created_at = now() - make_interval(hours => 25) WHERE ticket_id = ${w.ticketId}`,
    );
    const r = await atendo('sweep', 'idle-tickets');
    expect([r.code, r.out]).toEqual([0, expect.stringMatching(/Idle tickets: [1-9]\d* closed/)]);
    expect((await ticketRow(t, w.ticketId)).status).toBe('closed');
  });

  it('invoices issues the invoice of a company due soon (billing.issueInvoices)', async () => {
    const a = await createTenant(t, { dueDate: dueDay(3), planFlags: { amount: 120 } });
    const r = await atendo('sweep', 'invoices');
    expect([r.code, r.out]).toEqual([0, expect.stringMatching(/Invoices: [1-9]\d* issued/)]);
    const res = await t.app.inject({ method: 'GET', url: '/invoices/all', headers: bearer(a.adminToken) });
    expect(res.json().invoices).toEqual([
      expect.objectContaining({ value: 120, dueDate: expect.stringContaining(calendarDay(dueDay(3))!) }),
    ]);
    expect((await atendo('sweep', 'invoices')).out).toBe('Invoices: 0 issued.');
    expect((await atendo('sweep', 'everything')).code).toBe(2);
  });
});

describe('the entry point as a process', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const run = (env: NodeJS.ProcessEnv, ...argv: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
      cwd: serverDir,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('answers --help, and migrates and seeds a new embedded database', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-cli-'));
    try {
      // Always the embedded database of a new folder: never the PostgreSQL of a DATABASE_URL run.
      const { DATABASE_URL: _pg, REDIS_URL: _redis, ...rest } = process.env;
      const env = { ...rest, DATA_DIR: dataDir, ADMIN_EMAIL: 'root@cli.test', ADMIN_PASSWORD: 'Root#12345' };
      const help = run(env, '--help');
      expect([help.status, help.stdout]).toEqual([0, expect.stringContaining('Usage: atendo <command>')]);
      const migrate = run(env, 'migrate');
      expect([migrate.status, migrate.stdout]).toEqual([0, expect.stringContaining('Super admin created: root@cli.test')]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
