import { isReversedRange } from '@atendo/shared';
import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useUserList } from '../../../shared/data/users/useUsers';
import type { DashboardFilter } from '../hooks/useDashboard';

interface Option {
  id: number;
  name: string;
}

/** The dashboard's filter (seed 000 §2, §5): dates, queues, attendants; applied on 'Filtrar'. */
export function DashboardFilterBar({ value, onApply }: { value: DashboardFilter; onApply: (f: DashboardFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [missing, setMissing] = useState(false);
  const [reversed, setReversed] = useState(false);
  const queues = useQueues();
  const users = useUserList();
  const queueOptions: Option[] = (queues.data ?? []).map((q) => ({ id: q.id, name: q.name }));
  const userOptions: Option[] = (users.data ?? []).map((u) => ({ id: u.id, name: u.name }));
  const pick = (options: Option[], ids: number[]) => options.filter((o) => ids.includes(o.id));

  const apply = () => {
    // Seed 000 §5: the filter needs at least one parameter.
    const empty = !draft.dateFrom && !draft.dateTo;
    // The end before the start: said on the field, and nothing is asked of the server.
    const backwards = isReversedRange(draft.dateFrom, draft.dateTo);
    setMissing(empty);
    setReversed(backwards);
    if (empty || backwards) return;
    onApply(draft);
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      data-testid="dashboard-filter"
    >
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.from')}
        value={draft.dateFrom}
        onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from' } }}
        error={missing}
        helperText={missing ? t('dashboard.filter.required') : undefined}
      />
      <TextField
        type="date"
        size="small"
        label={t('dashboard.filter.to')}
        value={draft.dateTo}
        onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to' } }}
        error={missing || reversed}
        helperText={reversed ? t('validation.dateRangeReversed') : undefined}
      />
      <Autocomplete
        multiple
        size="small"
        sx={{ minWidth: 200 }}
        options={queueOptions}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={pick(queueOptions, draft.queueIds)}
        onChange={(_, v) => setDraft({ ...draft, queueIds: v.map((o) => o.id) })}
        renderInput={(params) => <TextField {...params} label={t('dashboard.filter.queues')} />}
      />
      <Autocomplete
        multiple
        size="small"
        sx={{ minWidth: 200 }}
        options={userOptions}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={pick(userOptions, draft.userIds)}
        onChange={(_, v) => setDraft({ ...draft, userIds: v.map((o) => o.id) })}
        renderInput={(params) => <TextField {...params} label={t('dashboard.filter.users')} />}
      />
      <Button type="submit" variant="contained" sx={{ height: 40 }}>
        {t('dashboard.filter.apply')}
      </Button>
    </Box>
  );
}
