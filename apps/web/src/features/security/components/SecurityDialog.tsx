import type { UserSessionDto } from '@atendo/shared';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { useSession } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import {
  useDisableTwoFactor,
  useEndSession,
  useMySessions,
  useRenewRecoveryCodes,
  useTwoFactorStatus,
} from '../hooks/useSecurity';
import { describeDevice } from '../utils/device';
import { PasswordPromptDialog } from './PasswordPromptDialog';
import { RecoveryCodesList } from './RecoveryCodesList';
import { TwoFactorEnrolDialog } from './TwoFactorEnrolDialog';

type Prompt = 'disable' | 'renew' | null;

/** The signed-in user's security (issue 34): the second factor and the devices signed in. */
export function SecurityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { logout } = useSession();
  const titleId = useId();
  const status = useTwoFactorStatus(open);
  const sessions = useMySessions(open);
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const end = useEndSession();
  const [enrolling, setEnrolling] = useState(false);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [renewed, setRenewed] = useState<string[] | null>(null);

  const closePrompt = () => {
    setPrompt(null);
    setRenewed(null);
  };
  const onPassword = async (password: string) => {
    try {
      if (prompt === 'disable') {
        await disable.mutateAsync({ password });
        toast.success(t('security.disabled'));
        closePrompt();
      } else {
        setRenewed((await renew.mutateAsync({ password })).codes);
      }
    } catch (err) {
      toastError(err);
    }
  };
  const endSession = async (s: UserSessionDto) => {
    try {
      await end.mutateAsync(s.id);
      toast.success(t('security.sessionEnded'));
      if (s.current) await logout();
    } catch (err) {
      toastError(err);
    }
  };

  const tf = status.data;
  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>{t('security.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="h6" component="h3">
              {t('security.twoFactor')}
            </Typography>
            {tf && (
              <Box data-testid="two-factor-status">
                <Typography variant="body2">
                  {tf.enabled
                    ? t('security.statusOn', { count: tf.recoveryCodesLeft })
                    : tf.required
                      ? t('security.statusRequired')
                      : t('security.statusOff')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                  {tf.enabled ? (
                    <>
                      <Button variant="outlined" onClick={() => setPrompt('renew')}>
                        {t('security.renewCodes')}
                      </Button>
                      {!tf.required && (
                        <Button color="error" variant="outlined" onClick={() => setPrompt('disable')}>
                          {t('security.disable')}
                        </Button>
                      )}
                    </>
                  ) : (
                    <Button variant="contained" onClick={() => setEnrolling(true)}>
                      {t('security.enable')}
                    </Button>
                  )}
                </Stack>
              </Box>
            )}
            <Divider />
            <Typography variant="h6" component="h3">
              {t('security.sessions')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('security.sessionsHint')}
            </Typography>
            <Table size="small" aria-label={t('security.sessions')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('security.device')}</TableCell>
                  <TableCell>{t('security.address')}</TableCell>
                  <TableCell>{t('security.signedIn')}</TableCell>
                  <TableCell>{t('security.lastSeen')}</TableCell>
                  <TableCell align="right">{t('security.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(sessions.data ?? []).map((s) => (
                  <TableRow key={s.id} data-testid="session-row">
                    <TableCell>
                      <span title={s.userAgent ?? undefined}>{describeDevice(s.userAgent) || t('security.unknownDevice')}</span>
                      {s.current && <Chip size="small" label={t('security.thisDevice')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{s.ip ?? '—'}</TableCell>
                    <TableCell>{formatDateTime(clock, s.signedInAt)}</TableCell>
                    <TableCell>{formatDateTime(clock, s.lastSeenAt)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" color="error" disabled={end.isPending} onClick={() => void endSession(s)}>
                        {t('security.endSession')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {sessions.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>{t('security.noSessions')}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('security.close')}</Button>
        </DialogActions>
      </Dialog>
      <TwoFactorEnrolDialog open={enrolling} onClose={() => setEnrolling(false)} />
      <PasswordPromptDialog
        open={prompt !== null}
        title={prompt === 'disable' ? t('security.disableTitle') : t('security.renewTitle')}
        message={prompt === 'disable' ? t('security.disableMessage') : t('security.renewMessage')}
        confirmLabel={prompt === 'disable' ? t('security.disable') : t('security.renewCodes')}
        busy={disable.isPending || renew.isPending}
        onConfirm={(p) => void onPassword(p)}
        onClose={closePrompt}
      >
        {renewed && <RecoveryCodesList codes={renewed} />}
      </PasswordPromptDialog>
    </>
  );
}
