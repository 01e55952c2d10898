/**
 * Scenario (issue 36): a campaign on a Cloud API connection to people who never wrote. Free text would be refused by
 * Meta (131047) for each of them, so the campaign does not start without a template; with one, each recipient gets it
 * exactly once with the values of their own list row. A template Meta no longer knows, or whose variables changed since
 * the last sync, fails per recipient with the reason — once, never retried.
 */
import { sendFailureReason } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { bearer } from '../harness';
import { useDay } from './day';

const day = useDay();
const WABA = '203340398112233';

const OFFER = {
  name: 'oferta_semana',
  language: 'pt_BR',
  category: 'MARKETING' as const,
  components: [
    { type: 'HEADER' as const, format: 'TEXT' as const, text: 'Oferta para {{1}}' },
    { type: 'BODY' as const, text: 'Olá {{1}}, a loja {{2}} separou um cupom para você.' },
  ],
};

const cold = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Pessoa ${from + i}`,
    number: `5531${String(700_000_000 + from + i)}`,
    email: `p${from + i}@example.com`,
  }));

const variant1 = (name: string, body: string[], header?: string[]) => ({
  templates: [{ name, language: 'pt_BR', parameters: { body, ...(header ? { header } : {}) } }],
});

describe('a template campaign to cold numbers (issue 36)', () => {
  it('does not start free text to people whose window is closed; a template reaches each exactly once', async () => {
    const d = day();
    const conn = await d.connection({ businessAccountId: WABA });
    d.standin.addTemplate(WABA, OFFER, conn.phoneNumberId);
    await d.api('POST', `/whatsapp/${conn.id}/templates/sync`);
    const people = cold(50);

    // free text: refused when started (and when saved as scheduled), with how many would be refused by Meta
    const inject = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      d.t.app.inject({ method, url, headers: bearer(d.tenant.adminToken), payload: payload as never });
    const refused = await d.campaign(conn, people.slice(0, 2), { message1: 'Oi {nome}' }, { cold: true }).catch((e) => e);
    expect(String(refused)).toContain('ERR_CAMPAIGN_TEMPLATE_REQUIRED');
    const list = await d.api<{ id: number }>('POST', '/contact-lists', { name: 'Frios' });
    await d.api('POST', '/contact-list-items', { ...people[0], contactListId: list.id });
    const scheduled = await inject('POST', '/campaigns', {
      name: 'Agendada',
      whatsappId: conn.id,
      contactListId: list.id,
      message1: 'Oi {nome}',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect([scheduled.statusCode, scheduled.json().error, scheduled.json().details]).toEqual([
      409,
      'ERR_CAMPAIGN_TEMPLATE_REQUIRED',
      { closed: 1 },
    ]);
    // a template must be approved at save time and every variable mapped
    const unmapped = await inject('POST', '/campaigns', {
      name: 'Sem valor',
      whatsappId: conn.id,
      contactListId: list.id,
      ...variant1('oferta_semana', ['{nome}'], ['{nome}']),
    });
    expect([unmapped.statusCode, unmapped.json().fields?.[0]?.path]).toEqual([400, 'templates.0.parameters.body.2']);

    d.standin.clear();
    const id = await d.campaign(conn, people, variant1('oferta_semana', ['{nome}', 'Loja Centro'], ['{email}']), {
      cold: true,
    });
    const report = await d.report(id);
    expect(report.status).toBe('FINALIZADA');
    expect(report.totals).toMatchObject({ recipients: 50, sent: 50, failed: 0 });
    const byNumber = new Map<string, string[]>();
    for (const s of d.standin.sent) byNumber.set(s.to, [...(byNumber.get(s.to) ?? []), s.type]);
    expect(byNumber.size).toBe(50);
    for (const p of people) expect(byNumber.get(p.number), p.number).toEqual(['template']);
    const toFirst = d.standin.sent.find((s) => s.to === people[7].number)!;
    expect(toFirst.rendered).toMatchObject({
      header: 'Oferta para p7@example.com',
      body: 'Olá Pessoa 7, a loja Loja Centro separou um cupom para você.',
    });

    // the report: sent, then delivered as Meta says so
    await d.status(
      conn,
      { type: 'template', text: '', wamid: toFirst.wamid, reference: toFirst.reference },
      'delivered',
      people[7].number,
    );
    expect((await d.report(id)).totals).toMatchObject({ sent: 50, delivered: 1 });
  });

  it('an unknown template and a wrong number of values fail per recipient, once, with the reason', async () => {
    const d = day();
    const conn = await d.connection({ businessAccountId: WABA });
    d.standin.addTemplate(WABA, OFFER, conn.phoneNumberId);
    d.standin.addTemplate(WABA, { name: 'aviso', language: 'pt_BR', components: [{ type: 'BODY', text: 'Aviso: {{1}}' }] });
    await d.api('POST', `/whatsapp/${conn.id}/templates/sync`);
    // Meta changes after the sync: `aviso` deleted, `oferta_semana` now with one more value in its body
    const list = d.standin.rules.templatesOf(WABA);
    list.splice(
      list.findIndex((x) => x.name === 'aviso'),
      1,
    );
    d.standin.addTemplate(WABA, {
      ...OFFER,
      components: [OFFER.components[0], { type: 'BODY', text: 'Olá {{1}}, a loja {{2}} separou {{3}}.' }],
    });
    d.standin.clear();

    const gone = await d.campaign(conn, cold(3, 100), variant1('aviso', ['{nome}']), { cold: true });
    const changed = await d.campaign(conn, cold(3, 200), variant1('oferta_semana', ['{nome}', 'Loja'], ['{email}']), {
      cold: true,
    });
    await d.flush();
    expect(d.standin.sent).toEqual([]);

    for (const [id, code, reason] of [
      [gone, 132001, 'templateMissing'],
      [changed, 132000, 'templateParameters'],
    ] as const) {
      const r = await d.report(id);
      expect(r.totals).toMatchObject({ recipients: 3, sent: 0, failed: 3 });
      const rows = await d.api<{ records: { number: string; status: string; failedReason: string }[] }>(
        'GET',
        `/campaigns/${id}/shippings`,
      );
      for (const row of rows.records) {
        expect(row.status).toBe('failed');
        expect(row.failedReason).toContain(`(${code})`);
        expect(sendFailureReason(row.failedReason)).toBe(reason);
      }
    }
    // each recipient was tried once: a refusal of Meta is final (no retry job, no second request)
    const attempts = new Map<string, number>();
    for (const r of d.standin.requests)
      if (r.method === 'POST' && r.path.endsWith('/messages')) {
        const to = String((r.body as { to?: string }).to);
        attempts.set(to, (attempts.get(to) ?? 0) + 1);
      }
    expect(attempts.size).toBe(6);
    expect([...attempts.values()].every((n) => n === 1)).toBe(true);
    await d.flush();
    expect(d.standin.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).length).toBe(6);

    // a value the recipient's row leaves empty (no e-mail for the header): that recipient fails, the others go
    const noEmail = cold(2, 300).map((p, i) => (i === 0 ? { ...p, email: '' } : p));
    d.standin.addTemplate(WABA, OFFER);
    await d.api('POST', `/whatsapp/${conn.id}/templates/sync`);
    const partial = await d.campaign(conn, noEmail, variant1('oferta_semana', ['{nome}', 'Loja'], ['{email}']), { cold: true });
    expect((await d.report(partial)).totals).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
    const partialRows = await d.api<{ records: { number: string; status: string; failedReason: string | null }[] }>(
      'GET',
      `/campaigns/${partial}/shippings`,
    );
    expect(partialRows.records.find((r) => r.number === noEmail[0].number)).toMatchObject({
      status: 'failed',
      failedReason: 'ERR_TEMPLATE_PARAMETERS',
    });
    expect(sendFailureReason('ERR_TEMPLATE_PARAMETERS')).toBe('templateParameters');
  });
});
