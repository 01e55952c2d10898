import { type InvoiceDto, invoiceDisplayStatus } from '@atendo/shared';
import { Box, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMoney } from '../../../shared/hooks/useMoney';
import { useSession } from '../../../shared/session/context';
import { useSocket } from '../../../shared/socket/context';
import { formatDate } from '../../../shared/subscription';
import { toast } from '../../../shared/toast';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { CheckoutDialog } from '../components/CheckoutDialog';
import { InvoiceStatusChip } from '../components/InvoiceStatusChip';
import { useCurrentPlan, useInvoices, usePaymentEvents } from '../hooks/useBilling';

/** After the renewal message, the app goes home (seed 001 §9: 4 s). */
export const RENEWAL_REDIRECT_MS = 4000;

/**
 * /financeiro (seed 001 §2, §4): the company's invoices with their status (Pago, Vencido, Em Aberto); PAGAR opens the
 * checkout. When the provider confirms (company-{id}-payment CONCLUIDA) the renewal shows and the app goes to / —
 * with the session's due date updated in place, so nothing asks to sign in again.
 */
export default function FinanceiroPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const { user, setUser } = useSession();
  const { socket } = useSocket();
  const table = useInvoices();
  const { data: plan } = useCurrentPlan();
  const [paying, setPaying] = useState<InvoiceDto | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const timeZone = user?.company?.timezone ?? undefined;

  useEffect(() => () => clearTimeout(timer.current), []);
  usePaymentEvents((e) => {
    const date = formatDate(e.company.dueDate);
    setRenewedUntil(date);
    toast.success(t('billing.renewed', { date }));
    if (user?.company) setUser({ ...user, company: { ...user.company, dueDate: e.company.dueDate } });
    // The socket of an expired company joined no audience room: connect again to get them.
    socket?.disconnect().connect();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/'), RENEWAL_REDIRECT_MS);
  });

  const columns: Column<InvoiceDto>[] = [
    { key: 'id', header: t('billing.fields.id'), render: (r) => r.id },
    { key: 'detail', header: t('billing.fields.detail'), render: (r) => r.detail },
    { key: 'users', header: t('billing.fields.users'), align: 'center', render: (r) => r.users },
    { key: 'connections', header: t('billing.fields.connections'), align: 'center', render: (r) => r.connections },
    { key: 'queues', header: t('billing.fields.queues'), align: 'center', render: (r) => r.queues },
    { key: 'value', header: t('billing.fields.value'), align: 'right', render: (r) => money(r.value) },
    { key: 'dueDate', header: t('billing.fields.dueDate'), align: 'center', render: (r) => formatDate(r.dueDate) },
    {
      key: 'status',
      header: t('billing.fields.status'),
      align: 'center',
      render: (r) => <InvoiceStatusChip status={invoiceDisplayStatus(r, new Date(), timeZone)} />,
    },
    {
      key: 'action',
      header: t('billing.fields.action'),
      align: 'center',
      render: (r) =>
        // the super admin also lists other companies' invoices: only a company pays its own
        r.companyId !== user?.companyId ? null : r.status === 'paid' ? (
          <Button size="small" variant="outlined" color="success" disabled>
            {t('billing.paidButton')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="contained"
            color="success"
            onClick={() => setPaying(r)}
            aria-label={t('billing.payInvoice', { id: r.id })}
          >
            {t('billing.payButton')}
          </Button>
        ),
    },
  ];

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <SearchableInfiniteTable
        title={t('billing.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('billing.empty')}
        rowProps={(r) =>
          invoiceDisplayStatus(r, new Date(), timeZone) === 'overdue'
            ? { sx: { bgcolor: (th) => (th.palette.mode === 'dark' ? 'rgba(244,67,54,0.16)' : '#fdecea') } }
            : {}
        }
      />
      <CheckoutDialog
        open={Boolean(paying)}
        invoice={paying}
        plan={plan ?? null}
        renewedUntil={renewedUntil}
        onClose={() => setPaying(null)}
      />
    </Box>
  );
}
