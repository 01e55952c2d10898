import { COMPANY_SETTING_COLUMNS, COMPANY_SETTING_DEFAULTS, type CompanySettings } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { requiredText, SECTIONS } from './OptionsTab';

describe('settings options tab', () => {
  it('shows every company column of seed 001 §3, each with a label', () => {
    const shown = new Set(['scheduleType', ...SECTIONS.flatMap((s) => [...s.switches, ...(s.texts ?? [])])]);
    expect([...shown].sort()).toEqual([...COMPANY_SETTING_COLUMNS].sort());
    for (const c of COMPANY_SETTING_COLUMNS) expect(en.settings.columns).toHaveProperty(c);
  });

  it('asks for the message before a switch that needs it', () => {
    const s = { ...COMPANY_SETTING_DEFAULTS } as CompanySettings;
    expect(requiredText(s, 'sendMsgTransfTicket', 'enabled')).toBe('transferMessage');
    expect(requiredText({ ...s, transferMessage: 'ok' }, 'sendMsgTransfTicket', 'enabled')).toBeNull();
    expect(requiredText(s, 'acceptCallWhatsapp', 'disabled')).toBe('AcceptCallWhatsappMessage');
    expect(requiredText(s, 'acceptCallWhatsapp', 'enabled')).toBeNull();
    expect(requiredText(s, 'userRating', 'enabled')).toBeNull();
  });
});
