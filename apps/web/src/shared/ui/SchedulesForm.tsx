import type { ScheduleRowDto } from '@atendo/shared';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldErrorsUnder } from '../api/errors';
import { TimeOfDayField } from './TimeOfDayField';

type TimeKey = 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB';
const KEYS: TimeKey[] = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'];

/** Service hours per weekday, two intervals each; empty means closed (seed 001 §3 "Schedule row"). */
export function SchedulesForm({
  value,
  onChange,
  errors = {},
}: {
  value: ScheduleRowDto[];
  onChange: (rows: ScheduleRowDto[]) => void;
  /** 'index.key' → message key (server field errors). */
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('queues.schedules.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('queues.schedules.weekday')}</TableCell>
          {KEYS.map((k) => (
            <TableCell key={k}>{t(`queues.schedules.${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {value.map((row, i) => (
          <TableRow key={row.weekdayEn}>
            <TableCell>{t(`queues.weekdays.${row.weekdayEn}`)}</TableCell>
            {KEYS.map((k) => (
              <TableCell key={k}>
                <TimeOfDayField
                  size="small"
                  value={row[k]}
                  error={Boolean(errors[`${i}.${k}`])}
                  helperText={errors[`${i}.${k}`] ? t(errors[`${i}.${k}`]) : undefined}
                  slotProps={{
                    htmlInput: { 'aria-label': `${t(`queues.weekdays.${row.weekdayEn}`)} ${t(`queues.schedules.${k}`)}` },
                  }}
                  onChange={(v) => onChange(value.map((r, j) => (j === i ? { ...r, [k]: v } : r)))}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Server errors at `schedules.{i}.{key}` → `{i}.{key}`. */
export function scheduleErrors(err: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrorsUnder(err, 'schedules.')).filter(([key]) => /^\d+\.\w+$/.test(key)));
}
