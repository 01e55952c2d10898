import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../app/session/context';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { CertificateTab } from '../../certificate/components/CertificateTab';
import { PlatformKeysTab } from '../../platform-keys/components/PlatformKeysTab';
import { WhitelabelTab } from '../../whitelabel/components/WhitelabelTab';
import { GlobalTab } from '../components/GlobalTab';
import { OptionsTab } from '../components/OptionsTab';
import { SchedulesTab } from '../components/SchedulesTab';
import { useCompanySettings } from '../hooks/useSettings';

type TabKey = 'options' | 'schedules' | 'platform' | 'whitelabel' | 'uploadercert' | 'keys';
const TAB_KEYS: readonly TabKey[] = ['options', 'schedules', 'platform', 'whitelabel', 'uploadercert', 'keys'];

/** /settings: options for admins, schedules when the schedule type is company, platform keys for super admins. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { plan } = useCompanyPlan();
  const settings = useCompanySettings(user.companyId);
  const [params] = useSearchParams();
  // ?tab= opens a tab directly; a super-only tab opened by anyone else says so and goes to / (SuperOnlyTab).
  const [tab, setTab] = useState<TabKey>(() => TAB_KEYS.find((k) => k === params.get('tab')) ?? 'options');
  const showSchedules = settings.data?.scheduleType === 'company' && plan?.useSchedules !== false;
  const current: TabKey = tab === 'schedules' && !showSchedules ? 'options' : tab;
  const listed = user.super || current === 'options' || current === 'schedules';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Tabs value={listed ? current : false} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        <Tab value="options" label={t('settings.tabs.options')} />
        {showSchedules && <Tab value="schedules" label={t('settings.tabs.schedules')} />}
        {user.super && <Tab value="platform" label={t('settings.tabs.platform')} />}
        {user.super && <Tab value="whitelabel" label={t('whitelabel.tab')} />}
        {user.super && <Tab value="uploadercert" label={t('certificate.tab')} />}
        {user.super && <Tab value="keys" label={t('platformKeys.tab')} />}
      </Tabs>
      {current === 'options' && <OptionsTab companyId={user.companyId} />}
      {current === 'schedules' && <SchedulesTab companyId={user.companyId} />}
      {current === 'platform' && user.super && <GlobalTab />}
      {current === 'whitelabel' && <WhitelabelTab />}
      {current === 'uploadercert' && <CertificateTab />}
      {current === 'keys' && <PlatformKeysTab />}
    </Box>
  );
}
