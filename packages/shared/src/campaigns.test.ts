import { describe, expect, it } from 'vitest';
import { campaignEditable, fillCampaignVariables } from './campaigns';

describe('campaignEditable (seed 002 §4)', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('INATIVA and CANCELADA are editable; EM_ANDAMENTO and FINALIZADA are not', () => {
    expect(campaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(campaignEditable({ status: 'CANCELADA', scheduledAt: null }, now)).toBe(true);
    expect(campaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe(false);
    expect(campaignEditable({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe(false);
  });
  it('PROGRAMADA only with more than one hour left', () => {
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-26T13:00:01Z' }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-26T13:00:00Z' }, now)).toBe(false);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-11-26T12:30:00Z' }, now)).toBe(false);
  });
});

describe('fillCampaignVariables', () => {
  it('fills {nome} {numero} {email} and the company variables, leaves unknown ones as written', () => {
    const r = { name: 'Ana', number: '5511988887777', email: 'ana@example.com' };
    expect(fillCampaignVariables('Oi {nome} ({numero}, {email}) — {loja} {x}', r, [{ key: 'loja', value: 'Centro' }])).toBe(
      'Oi Ana (5511988887777, ana@example.com) — Centro {x}',
    );
    // a company variable cannot shadow the recipient's own
    expect(fillCampaignVariables('{nome}', r, [{ key: 'nome', value: 'X' }])).toBe('Ana');
  });
});
