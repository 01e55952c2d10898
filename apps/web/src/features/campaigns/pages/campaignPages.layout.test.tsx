import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders, sessionValue } from '../../../test/render';
import CampaignReportPage from './CampaignReportPage';
import CampaignsConfigPage from './CampaignsConfigPage';

// the chart's props are what is checked here: jsdom draws no SVG paths
const chartProps = vi.hoisted(() => ({ series: [] as { curve?: string }[] }));
vi.mock('@mui/x-charts/LineChart', () => ({
  LineChart: (props: { series: { curve?: string }[] }) => {
    chartProps.series = props.series;
    return <div data-testid="line-chart" />;
  },
}));

afterEach(() => vi.unstubAllGlobals());

/** The padding the page's own CSS rules give it (jsdom's getComputedStyle does not read emotion's inserted rules). */
function paddingOf(el: Element): string[] {
  const out: string[] = [];
  const matches = (selector: string) => {
    try {
      return el.matches(selector);
    } catch {
      return false; // vendor pseudo-elements jsdom cannot parse
    }
  };
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule instanceof CSSStyleRule && matches(rule.selectorText) && rule.style.paddingLeft) out.push(rule.style.paddingLeft);
      if (rule instanceof CSSMediaRule)
        for (const inner of Array.from(rule.cssRules))
          if (inner instanceof CSSStyleRule && matches(inner.selectorText) && inner.style.paddingLeft)
            out.push(`${rule.conditionText} ${inner.style.paddingLeft}`);
    }
  return out;
}
const COMMON_PADDING = ['(min-width: 0px) 8px', '(min-width: 600px) 16px'];

const session = sessionValue(makeUser({ profile: 'admin' }));
const AT = '2026-11-25T13:05:00.000Z';
const totals = {
  recipients: 2,
  pending: 0,
  sent: 2,
  delivered: 2,
  read: 1,
  replied: 0,
  failed: 0,
  confirmationRequested: 0,
  confirmed: 0,
  failedReasons: [],
};
const campaign = {
  id: 7,
  name: 'Black Friday',
  status: 'FINALIZADA',
  message1: 'Oi',
  contactList: null,
  whatsapp: null,
  scheduledAt: AT,
  completedAt: AT,
  confirmation: false,
  editable: false,
  run: 1,
  createdAt: AT,
  updatedAt: AT,
};

describe('campaign report and settings pages (issue 31 item 13)', () => {
  it('the report has the common page padding and its cumulative chart rises in steps, never a smoothed curve', async () => {
    mockFetch({
      '/campaigns/7/report': {
        campaign,
        totals,
        timeline: [
          { at: AT, sent: 1, delivered: 1, read: 0 },
          { at: '2026-11-25T13:06:00.000Z', sent: 2, delivered: 2, read: 1 },
        ],
      },
      '/campaigns/7/shippings': { records: [], hasMore: false, count: 0 },
    });
    renderWithProviders(
      <Routes>
        <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
      </Routes>,
      { session, route: '/campaign/7/report' },
    );
    const page = await screen.findByTestId('campaign-report');
    expect(paddingOf(page)).toEqual(COMMON_PADDING);
    expect(await screen.findByTestId('line-chart')).toBeTruthy();
    expect(chartProps.series.map((s) => s.curve)).toEqual(['stepAfter', 'stepAfter', 'stepAfter']);
  });

  it('/campaigns-config has the common page padding', async () => {
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
    expect(paddingOf(await screen.findByTestId('campaigns-config'))).toEqual(COMMON_PADDING);
  });
});
