import { describe, expect, it } from 'vitest';
import { V } from './validation';
import {
  CreateWhatsappBody,
  connectionFormIssues,
  greetingRequired,
  importRuleIssues,
  ratingRuleIssues,
  UpdateWhatsappBody,
} from './whatsapps';

const DAY = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');
const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('the connection rating rule (seed 001 §5), one copy for web and server', () => {
  it('user rating on: a rating message and a non-zero NPS expiry are required', () => {
    expect(ratingRuleIssues({ ratingMessage: '', expiresTicketNPS: 0 }, true)).toEqual([
      { path: 'ratingMessage', message: V.required },
      { path: 'expiresTicketNPS', message: V.required },
    ]);
    expect(ratingRuleIssues({ ratingMessage: 'Nota de 0 a 10', expiresTicketNPS: '' }, true)).toEqual([
      { path: 'expiresTicketNPS', message: V.required },
    ]);
    expect(ratingRuleIssues({ ratingMessage: 'Nota de 0 a 10', expiresTicketNPS: 5 }, true)).toEqual([]);
  });
  it('user rating off: only a rating message asks for the NPS expiry', () => {
    expect(ratingRuleIssues({ ratingMessage: '  ', expiresTicketNPS: 0 }, false)).toEqual([]);
    expect(paths(ratingRuleIssues({ ratingMessage: 'Avalie', expiresTicketNPS: 0 }, false))).toEqual(['expiresTicketNPS']);
  });
});

describe('the connection import rule (seed 001 §5)', () => {
  it('the from-date is within the last 2 years, not in the future, and needs a queue', () => {
    const ok = { importOldMessages: new Date(now - 30 * DAY), queueIdImportMessages: 4 };
    expect(importRuleIssues(ok, now)).toEqual([]);
    expect(importRuleIssues({ ...ok, importOldMessages: new Date(now + DAY) }, now)).toEqual([
      { path: 'importOldMessages', message: V.invalid },
    ]);
    expect(paths(importRuleIssues({ ...ok, importOldMessages: new Date(now - 800 * DAY) }, now))).toEqual(['importOldMessages']);
    expect(importRuleIssues({ ...ok, queueIdImportMessages: null }, now)).toEqual([
      { path: 'queueIdImportMessages', message: V.required },
    ]);
  });
  it('the until-date lies between the from-date and now', () => {
    const from = new Date(now - 30 * DAY);
    const base = { importOldMessages: from, queueIdImportMessages: 4 };
    expect(importRuleIssues({ ...base, importRecentMessages: new Date(now - 10 * DAY) }, now)).toEqual([]);
    expect(paths(importRuleIssues({ ...base, importRecentMessages: new Date(now - 40 * DAY) }, now))).toEqual([
      'importRecentMessages',
    ]);
    expect(paths(importRuleIssues({ ...base, importRecentMessages: new Date(now + DAY) }, now))).toEqual([
      'importRecentMessages',
    ]);
  });
  it("the form's import switch on asks for the from-date and the queue; off (or the API) asks nothing", () => {
    expect(importRuleIssues({ importOn: true, importOldMessages: null, queueIdImportMessages: '' }, now)).toEqual([
      { path: 'importOldMessages', message: V.required },
      { path: 'queueIdImportMessages', message: V.required },
    ]);
    expect(importRuleIssues({ importOldMessages: null, queueIdImportMessages: null }, now)).toEqual([]);
  });
});

describe('the schemas and the form apply the same rules', () => {
  it('the schemas carry the rules that need no company setting', () => {
    const create = CreateWhatsappBody.safeParse({ name: 'Loja', ratingMessage: 'Avalie', expiresTicketNPS: 0 });
    expect(create.success).toBe(false);
    expect(create.error?.issues.map((i) => i.path[0])).toEqual(['expiresTicketNPS']);
    const future = new Date(Date.now() + DAY).toISOString();
    const update = UpdateWhatsappBody.safeParse({ importOldMessages: future });
    expect(update.error?.issues.map((i) => i.path[0])).toEqual(['importOldMessages', 'queueIdImportMessages']);
  });
  it("the form's check = the schema + the rating rule with the company's setting + the import switch, once per field", () => {
    expect(connectionFormIssues({ name: 'Loja' }, { update: false, userRating: false })).toEqual([]);
    expect(connectionFormIssues({ name: 'Loja', ratingMessage: '' }, { update: false, userRating: true })).toEqual([
      { path: 'ratingMessage', message: V.required },
      { path: 'expiresTicketNPS', message: V.required },
    ]);
    expect(
      paths(
        connectionFormIssues(
          { name: 'L', ratingMessage: 'Avalie', expiresTicketNPS: 0, importOldMessages: null },
          { update: true, userRating: false, importOn: true },
        ),
      ),
    ).toEqual(['name', 'expiresTicketNPS', 'importOldMessages', 'queueIdImportMessages']);
  });
});

describe('the greeting rule: more than one queue needs the greeting that introduces the menu', () => {
  it('the form says it on the greeting field; one queue, or two with a greeting, ask nothing', () => {
    const opts = { update: false, userRating: false };
    expect(connectionFormIssues({ name: 'Loja', queueIds: [1, 2], greetingMessage: ' ' }, opts)).toEqual([
      { path: 'greetingMessage', message: 'validation.greetingRequired' },
    ]);
    expect(connectionFormIssues({ name: 'Loja', queueIds: [1], greetingMessage: '' }, opts)).toEqual([]);
    expect(connectionFormIssues({ name: 'Loja', queueIds: [1, 2], greetingMessage: 'Olá! Escolha:' }, opts)).toEqual([]);
    expect(greetingRequired([3, 3], '')).toBe(false);
  });
});
