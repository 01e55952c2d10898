import { QR_CODE_SIZE } from '@atendo/shared';
import { Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../../shared/data/connections/useConnections';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { Loading } from '../../../shared/ui/Loading';

/**
 * The QR code of a WhatsApp session (seed 001 §4): the session's `qrcode` string rendered at 250 px, replaced live by
 * each new code, closed by the session update that comes with an empty qrcode (the phone read it).
 */
export function QrCodeDialog({ connectionId, onClose }: { connectionId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const connection = useConnection(connectionId);
  useSocketEvent('whatsappSession', (e) => {
    const s = e.session as { id?: number; qrcode?: string } | undefined;
    if (connectionId && s?.id === connectionId && !s.qrcode) onClose();
  });
  const qrcode = connection.data?.qrcode;
  return (
    <Dialog open={Boolean(connectionId)} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('connections.qr.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, minWidth: 300 }}>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320, textAlign: 'center' }}>
          {t('connections.qr.help')}
        </Typography>
        <Box
          sx={{
            width: QR_CODE_SIZE + 16,
            height: QR_CODE_SIZE + 16,
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fff',
            mb: 1,
          }}
        >
          {qrcode ? (
            <QRCodeSVG
              value={qrcode}
              size={QR_CODE_SIZE}
              role="img"
              aria-label={t('connections.qr.image')}
              data-testid="connection-qrcode"
            />
          ) : connection.isLoading ? (
            <Loading />
          ) : (
            <Typography color="text.secondary">{t('connections.qr.waiting')}</Typography>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
