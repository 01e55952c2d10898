import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../shared/i18n';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders, sessionValue } from '../../../test/render';
import { AnnouncementsBell } from './AnnouncementsBell';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('pt', false);
});

const session = sessionValue(makeUser({ profile: 'admin' }));
const at = new Date().toISOString();
const paused = {
  id: 9,
  title: 'Webhook pausado',
  text: 'O endpoint https://crm.example.com/hooks falhou 15 vezes seguidas e foi pausado.',
  priority: 1,
  status: true,
  mediaPath: null,
  mediaName: null,
  notice: { key: 'webhookPaused', params: { url: 'https://crm.example.com/hooks', failures: 15 } },
  createdAt: at,
  updatedAt: at,
};
const written = { ...paused, id: 8, title: 'Manutenção sábado', text: 'Às 22h', notice: null };

describe('the announcements bell', () => {
  const titles = { pt: 'Webhook pausado', en: 'Webhook paused', es: 'Webhook pausado', tr: 'Webhook duraklatıldı' };
  for (const [lang, title] of Object.entries(titles)) {
    it(`writes a system notice in the reader's language, an announcement as its author wrote it (${lang})`, async () => {
      await changeLanguage(lang as keyof typeof titles, false);
      stubApi({ 'GET /announcements/': { records: [paused, written], count: 2, hasMore: false } });
      renderWithProviders(<AnnouncementsBell />, { session });
      fireEvent.click(await screen.findByRole('button', { name: /\(2/ }));
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText('Manutenção sábado')).toBeTruthy();
      fireEvent.click(screen.getByText(title));
      const detail = await screen.findByRole('dialog');
      expect(detail.textContent).toContain('https://crm.example.com/hooks');
      expect(detail.textContent).toContain('15');
      if (lang === 'en') expect(detail.textContent).toContain('failed 15 times in a row');
    });
  }
});
