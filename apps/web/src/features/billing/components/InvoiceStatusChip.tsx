import type { InvoiceDisplayStatus } from '@atendo/shared';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS = { paid: 'success', overdue: 'error', open: 'warning' } as const;

/** Pago / Vencido / Em Aberto (seed 001 §4). */
export function InvoiceStatusChip({ status }: { status: InvoiceDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      label={t(`billing.status.${status}`)}
      variant={status === 'open' ? 'outlined' : 'filled'}
    />
  );
}
