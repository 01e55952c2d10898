/** Structured commerce messages (seed 000 §2): payment requests and orders. */
import PaymentsIcon from '@mui/icons-material/Payments';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import type { RenderableMessage } from './MessageContent';
import { arr, num, rec, str } from './safe';
import { epoch, formatBRLFromCents, Head, paymentCents, Text } from './structuredParts';

export function PaymentRequestMessage({ message }: { message: RenderableMessage }) {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const data = rec(message.dataJson);
  const cents = paymentCents(data);
  const expires = epoch(rec(data.paymentRequest).expiryTimestamp);
  return (
    <Box data-testid="render-paymentRequest">
      <Head icon={<PaymentsIcon fontSize="small" color="success" />}>{t('conversation.render.paymentRequest')}</Head>
      {cents !== undefined ? (
        <Typography variant="h6" component="div">
          {formatBRLFromCents(cents, i18n.language === 'pt' ? 'pt-BR' : i18n.language)}
        </Typography>
      ) : null}
      {str(message.body) ? <Text>{str(message.body)}</Text> : null}
      {expires ? (
        <Typography variant="caption" color="text.secondary">
          {t('conversation.render.expires', { date: formatDateTime(clock, expires) })}
        </Typography>
      ) : null}
    </Box>
  );
}

export function OrderMessage({ message }: { message: RenderableMessage }) {
  const { t, i18n } = useTranslation();
  const data = rec(message.dataJson);
  const items = arr(data.items);
  const count = num(data.itemCount) ?? items.reduce<number>((n, i) => n + (num(rec(i).quantity) ?? 1), 0);
  const total = num(data.total);
  const currency = str(data.currency) ?? 'BRL';
  let totalText = '';
  if (total !== undefined) {
    try {
      totalText = new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(total);
    } catch {
      totalText = `${total} ${currency}`;
    }
  }
  return (
    <Box data-testid="render-order">
      <Head icon={<ShoppingCartIcon fontSize="small" color="primary" />}>{t('conversation.render.order')}</Head>
      {(str(data.text) ?? str(message.body)) ? <Text>{str(data.text) ?? str(message.body)}</Text> : null}
      <Typography variant="caption" color="text.secondary">
        {t('conversation.render.items', { count })}
        {totalText ? ` · ${totalText}` : ''}
      </Typography>
    </Box>
  );
}
