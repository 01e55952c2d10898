import { Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CertificateTab } from '../../features/certificate/components/CertificateTab';
import { CompaniesManager } from '../../features/companies/components/CompaniesManager';
import { HelpsTab } from '../../features/help/components/HelpsTab';
import { PlansTab } from '../../features/plans/components/PlansTab';
import { PlatformKeysTab } from '../../features/platform-keys/components/PlatformKeysTab';
import { GlobalTab } from '../../features/settings/components/GlobalTab';
import { OptionsTab } from '../../features/settings/components/OptionsTab';
import { SchedulesTab } from '../../features/settings/components/SchedulesTab';
import { WhitelabelTab } from '../../features/whitelabel/components/WhitelabelTab';
import { useCompanySettings } from '../../shared/data/settings/useSettings';
import { useCompanyPlan } from '../../shared/hooks/useCompanyPlan';
import { useCurrentUser } from '../../shared/session/context';
import { Page, PageHeader } from '../../shared/ui/Page';
import { SuperOnlyTab } from '../../shared/ui/SuperOnlyTab';

type TabKey = 'options' | 'schedules' | 'platform' | 'companies' | 'plans' | 'helps' | 'whitelabel' | 'uploadercert' | 'keys';
const TAB_KEYS: TabKey[] = [
  'options',
  'schedules',
  'platform',
  'companies',
  'plans',
  'helps',
  'whitelabel',
  'uploadercert',
  'keys',
];
/** Tabs only the super admin opens (seed 001 "Settings page tabs"). */
const SUPER_TABS: TabKey[] = ['platform', 'companies', 'plans', 'helps', 'whitelabel', 'uploadercert', 'keys'];

/** /settings: options for admins, schedules when the schedule type is company, platform keys for super admins. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { plan } = useCompanyPlan();
  const settings = useCompanySettings(user.companyId);
  // ?tab= opens a tab directly (a link, a reload); a super-only tab refuses anybody else.
  const [params] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const [tab, setTab] = useState<TabKey>(asked && TAB_KEYS.includes(asked) ? asked : 'options');
  const showSchedules = settings.data?.scheduleType === 'company' && plan?.useSchedules !== false;
  const current: TabKey = tab === 'schedules' && !showSchedules ? 'options' : tab;
  return (
    <Page sx={{ gap: 1 }}>
      <PageHeader title={t('settings.title')} />
      <Tabs
        value={SUPER_TABS.includes(current) && !user.super ? false : current}
        onChange={(_, v) => setTab(v)}
        sx={{ mb: 1 }}
        variant="scrollable"
      >
        <Tab value="options" label={t('settings.tabs.options')} />
        {showSchedules && <Tab value="schedules" label={t('settings.tabs.schedules')} />}
        {user.super && <Tab value="platform" label={t('settings.tabs.platform')} />}
        {user.super && <Tab value="companies" label={t('settings.tabs.companies')} />}
        {user.super && <Tab value="plans" label={t('settings.tabs.plans')} />}
        {user.super && <Tab value="helps" label={t('settings.tabs.helps')} />}
        {user.super && <Tab value="whitelabel" label={t('whitelabel.tab')} />}
        {user.super && <Tab value="uploadercert" label={t('certificate.tab')} />}
        {user.super && <Tab value="keys" label={t('platformKeys.tab')} />}
      </Tabs>
      {current === 'options' && <OptionsTab companyId={user.companyId} />}
      {current === 'schedules' && <SchedulesTab companyId={user.companyId} />}
      {current === 'platform' && (
        <SuperOnlyTab>
          <GlobalTab />
        </SuperOnlyTab>
      )}
      {current === 'companies' && (
        <SuperOnlyTab>
          <CompaniesManager />
        </SuperOnlyTab>
      )}
      {current === 'plans' && (
        <SuperOnlyTab>
          <PlansTab />
        </SuperOnlyTab>
      )}
      {current === 'helps' && (
        <SuperOnlyTab>
          <HelpsTab />
        </SuperOnlyTab>
      )}
      {current === 'whitelabel' && <WhitelabelTab />}
      {current === 'uploadercert' && <CertificateTab />}
      {current === 'keys' && <PlatformKeysTab />}
    </Page>
  );
}
