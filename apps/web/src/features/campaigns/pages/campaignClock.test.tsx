import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchedulesForm } from '../../../shared/ui/SchedulesForm';
import { stubApi } from '../../../test/apiStub';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import { CampaignModal } from '../components/CampaignModal';
import CampaignReportPage from './CampaignReportPage';
import CampaignsConfigPage from './CampaignsConfigPage';
import CampaignsPage from './CampaignsPage';

/**
 * Issue 31 item 12: the browser is in Tokyo (UTC+9) with an English clock; the company is in São Paulo (UTC−3).
 * 13:05 UTC is 10:05 for the company — 22:05 (10:05 PM) for the browser.
 */
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = browserZone;
});
afterEach(() => vi.unstubAllGlobals());

const session = sessionValue(makeUser({ profile: 'admin' }, { timezone: 'America/Sao_Paulo' }));
const AT = '2026-11-25T13:05:00.000Z';

const campaign = {
  id: 7,
  name: 'Black Friday',
  status: 'FINALIZADA',
  message1: 'Oi',
  templates: [],
  contactList: null,
  whatsapp: null,
  scheduledAt: AT,
  completedAt: AT,
  confirmation: false,
  editable: false,
  createdAt: AT,
  updatedAt: AT,
};

describe("campaign pages on the company's clock (issue 31 item 12)", () => {
  it('the browser really is elsewhere', () => {
    expect(new Date(AT).getHours()).toBe(22);
  });

  it('the campaign list shows the schedule and the end in the company’s zone, 24 h', async () => {
    localStorage.setItem('hasVisitedCampaigns', 'true');
    mockFetch({ '/campaigns': { records: [campaign], hasMore: false, count: 1 }, '/helps/list': [] });
    renderWithProviders(<CampaignsPage />, { session });
    const row = await screen.findByRole('row', { name: /Black Friday/ });
    expect(within(row).getAllByText('25/11/2026, 10:05')).toHaveLength(2);
  });

  it('the report shows when each message went, was read and answered, and when the run ended, the same way', async () => {
    mockFetch({
      '/campaigns/7/report': {
        campaign,
        totals: {
          recipients: 1,
          pending: 0,
          sent: 1,
          delivered: 1,
          read: 1,
          replied: 1,
          failed: 0,
          confirmationRequested: 0,
          confirmed: 0,
          failedReasons: [],
        },
        timeline: [],
      },
      '/campaigns/7/shippings': {
        records: [
          {
            id: 1,
            run: 1,
            number: '5511999990000',
            name: 'Maria',
            email: '',
            status: 'replied',
            variant: 1,
            body: 'Oi',
            confirmationRequestedAt: null,
            confirmedAt: null,
            sentAt: AT,
            deliveredAt: AT,
            readAt: '2026-11-25T13:20:00.000Z',
            repliedAt: '2026-11-25T23:30:00.000Z',
            failedReason: null,
            ticketId: null,
          },
        ],
        hasMore: false,
        count: 1,
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
      </Routes>,
      { session, route: '/campaign/7/report' },
    );
    const row = await screen.findByRole('row', { name: /Maria/ });
    for (const text of ['25/11/2026, 10:05', '25/11/2026, 10:20', '25/11/2026, 20:30']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(screen.getByText(/25\/11\/2026, 10:05/, { selector: 'p, span' })).toBeTruthy();
  });

  it('the editor shows and saves the schedule on the company’s wall clock', async () => {
    const calls = stubApi({
      '/whatsapp': [{ id: 1, name: 'Loja', status: 'CONNECTED', channel: 'whatsapp' }],
      '/contact-lists/list': [],
      '/tags/list': [],
      '/users/list': [],
      '/queue': [],
      'PUT /campaigns/8': (c: { body: unknown }) => ({ ...campaign, id: 8, ...(c.body as object) }),
    });
    const draft = {
      ...campaign,
      id: 8,
      status: 'INATIVA',
      editable: true,
      whatsappId: 1,
      scheduledAt: '2026-12-01T13:05:00.000Z',
    };
    renderWithProviders(<CampaignModal open record={draft as never} onClose={() => {}} />, { session });
    const field = (await screen.findByLabelText('Agendamento')) as HTMLInputElement;
    expect(field.value).toBe('2026-12-01T10:05');
    // the message says which variables and placeholders it fills (issue 31 item 6)
    const message = screen.getByLabelText('Mensagem 1');
    const help = document.getElementById(message.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('{nome}');
    expect(help?.textContent).toContain('Marcadores aceitos: {{name}} {{firstName}}');
    fireEvent.change(field, { target: { value: '2026-12-01T11:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as { scheduledAt: string };
    expect(put.scheduledAt).toBe('2026-12-01T14:30:00.000Z');
  });

  it('the sending window and service hours are written on a 24-hour clock, whatever the browser’s', async () => {
    mockFetch({
      '/campaign-settings': {
        messageInterval: 20,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '08:00',
        endHour: '18:30',
        sabado: false,
        domingo: false,
        variables: [],
      },
    });
    renderWithProviders(<CampaignsConfigPage />, { session });
    const end = (await screen.findByLabelText('Hora de término')) as HTMLInputElement;
    expect(end.type).toBe('text');
    expect(end.value).toBe('18:30');

    const onChange = vi.fn();
    const hours = renderWithProviders(
      <SchedulesForm
        value={[{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }]}
        onChange={onChange}
      />,
    );
    const start = within(hours.container).getAllByRole('textbox')[0] as HTMLInputElement;
    expect(start.type).toBe('text');
    fireEvent.change(start, { target: { value: '1830' } });
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ startTimeA: '1830' })]);
  });
});
