import { defaultSchedules, type ScheduleRowDto } from '@atendo/shared';
import { Alert, Box, Button, Paper } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useCompanySchedules, useSaveCompanySchedules } from '../../../shared/data/settings/useSettings';
import { toast } from '../../../shared/toast';
import { Loading } from '../../../shared/ui/Loading';
import { SchedulesForm, scheduleErrors } from '../../../shared/ui/SchedulesForm';

/** Company service hours, used when the schedule type is company. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const query = useCompanySchedules(companyId, true);
  const save = useSaveCompanySchedules(companyId);
  const [rows, setRows] = useState<ScheduleRowDto[]>(defaultSchedules());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (query.data) setRows(query.data.schedules);
  }, [query.data]);
  if (query.isLoading) return <Loading />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {dirty && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('queues.schedules.clickSave')}
        </Alert>
      )}
      <SchedulesForm
        value={rows}
        errors={errors}
        onChange={(next) => {
          setRows(next);
          setDirty(true);
        }}
      />
      <Box sx={{ mt: 2, textAlign: 'right' }}>
        <Button
          variant="contained"
          disabled={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync(rows);
              setErrors({});
              setDirty(false);
              toast.success(t('settings.saved'));
            } catch (err) {
              setErrors(scheduleErrors(err));
              toastError(err);
            }
          }}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Paper>
  );
}
