import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/session/context';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { GlobalTab } from '../components/GlobalTab';
import { OptionsTab } from '../components/OptionsTab';
import { SchedulesTab } from '../components/SchedulesTab';
import { useCompanySettings } from '../hooks/useSettings';

type TabKey = 'options' | 'schedules' | 'platform';

/** /settings: options for admins, schedules when the schedule type is company, platform keys for super admins. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { plan } = useCompanyPlan();
  const settings = useCompanySettings(user.companyId);
  const [tab, setTab] = useState<TabKey>('options');
  const showSchedules = settings.data?.scheduleType === 'company' && plan?.useSchedules !== false;
  const current: TabKey = tab === 'schedules' && !showSchedules ? 'options' : tab;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('settings.title')}
      </Typography>
      <Tabs value={current} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        <Tab value="options" label={t('settings.tabs.options')} />
        {showSchedules && <Tab value="schedules" label={t('settings.tabs.schedules')} />}
        {user.super && <Tab value="platform" label={t('settings.tabs.platform')} />}
      </Tabs>
      {current === 'options' && <OptionsTab companyId={user.companyId} />}
      {current === 'schedules' && <SchedulesTab companyId={user.companyId} />}
      {current === 'platform' && user.super && <GlobalTab />}
    </Box>
  );
}
