import type { CompanyDto } from '@atendo/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { alpha, IconButton, Stack, type Theme, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { useMoney } from '../../../shared/hooks/useMoney';
import { formatDate } from '../../../shared/subscription';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { useCompaniesPage } from '../hooks/useCompanies';
import { companyRowState, formatBytes, planValue } from '../utils/companyRow';
import { CompanyExportButton } from './CompanyExportButton';
import { CompanyForm } from './CompanyForm';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';

/** Seed 001: yellow 1 to 5 days before the due date, red at 0 or past. */
function rowTint(theme: Theme, state: ReturnType<typeof companyRowState>): string | undefined {
  const dark = theme.palette.mode === 'dark';
  if (state === 'warning') return dark ? alpha('#fdd835', 0.3) : '#fff59d';
  if (state === 'expired') return dark ? alpha('#e53935', 0.35) : '#ffcdd2';
  return undefined;
}

/** The companies screen of seed 001: the form over the table of every company (used by /companies and the settings tab). */
export function CompaniesManager() {
  const { t } = useTranslation();
  const clock = useClock();
  const money = useMoney();
  const table = useCompaniesPage();
  const [editing, setEditing] = useState<CompanyDto | null>(null);
  const [deleting, setDeleting] = useState<CompanyDto | null>(null);
  const now = new Date();

  const columns: Column<CompanyDto>[] = [
    // At 1440 px the thirteen columns are wider than the page: id, status and name stay at the left and the actions at
    // the right while the rest scrolls between them (issue 30 item 12).
    { key: 'id', header: t('companies.columns.id'), render: (c) => c.id, sticky: 'left', width: 64 },
    {
      key: 'status',
      header: t('companies.columns.status'),
      render: (c) => (c.status ? t('companies.yes') : t('companies.no')),
      sticky: 'left',
      width: 88,
    },
    { key: 'name', header: t('companies.columns.name'), render: (c) => c.name, sticky: 'left', width: 200 },
    { key: 'email', header: t('companies.columns.email'), render: (c) => c.email ?? '' },
    { key: 'plan', header: t('companies.columns.plan'), render: (c) => c.plan?.name ?? '-' },
    { key: 'value', header: t('companies.columns.value'), render: (c) => planValue(c, money) },
    { key: 'createdAt', header: t('companies.columns.createdAt'), render: (c) => formatDay(clock, c.createdAt) },
    {
      key: 'dueDate',
      header: t('companies.columns.dueDate'),
      render: (c) =>
        c.id === 1
          ? t('companies.neverExpires')
          : c.dueDate
            ? `${formatDate(c.dueDate)} (${t(`companies.recurrences.${c.recurrence}`, { defaultValue: c.recurrence })})`
            : '-',
    },
    {
      key: 'lastLogin',
      header: t('companies.columns.lastLogin'),
      render: (c) => (c.lastLogin ? formatDateTime(clock, c.lastLogin) : '-'),
    },
    { key: 'folderSize', header: t('companies.columns.folderSize'), render: (c) => formatBytes(c.folderSize, clock.locale) },
    { key: 'numberFileFolder', header: t('companies.columns.numberFileFolder'), render: (c) => c.numberFileFolder },
    {
      key: 'updatedAtFolder',
      header: t('companies.columns.updatedAtFolder'),
      render: (c) => (c.updatedAtFolder ? formatDateTime(clock, c.updatedAtFolder) : '-'),
    },
    {
      key: 'actions',
      header: t('companies.columns.actions'),
      align: 'right',
      sticky: 'right',
      width: 160,
      render: (c) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {c.id !== 1 && <CompanyExportButton company={c} />}
          <Tooltip title={t('companies.edit')}>
            <IconButton aria-label={t('companies.editNamed', { name: c.name })} onClick={() => setEditing(c)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          {c.id !== 1 && (
            <Tooltip title={t('companies.delete')}>
              <IconButton aria-label={t('companies.deleteNamed', { name: c.name })} onClick={() => setDeleting(c)}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={1}>
      <CompanyForm editing={editing} onDone={() => setEditing(null)} />
      <SearchableInfiniteTable
        title={t('companies.title')}
        table={table}
        columns={columns}
        getRowId={(c) => c.id}
        emptyText={table.isError ? t('companies.loadFailed') : t('companies.empty')}
        maxHeight="70vh"
        rowProps={(c) => {
          const state = companyRowState(c, now, clock.timeZone);
          return {
            selected: editing?.id === c.id,
            'data-due-state': state,
            sx: {
              bgcolor: (theme: Theme) => rowTint(theme, state),
              // the sticky columns paint the same colour over their own background
              '--row-tint': (theme: Theme) => rowTint(theme, state) ?? 'transparent',
            },
          } as never;
        }}
      />
      <DeleteCompanyDialog company={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
