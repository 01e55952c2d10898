import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { downloadContactsExport } from './useContacts';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('pt', false);
});

describe('downloadContactsExport', () => {
  it('asks the server for the spreadsheet in the UI language (issue 16 item 11)', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(new Blob(['xlsx']), {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="contatos-2026-01-01.xlsx"' },
        });
      }),
    );
    // jsdom has no object URLs and does not navigate: the saving part is the browser's
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, objectUrls);
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await downloadContactsExport();
    await changeLanguage('en', false);
    await downloadContactsExport();
    expect(urls.map((u) => new URL(u).pathname)).toEqual(['/contacts/export', '/contacts/export']);
    expect(urls.map((u) => new URL(u).searchParams.get('lang'))).toEqual(['pt', 'en']);
  });
});
