import { CERT_DESTINATIONS, CERT_UPLOADED, type CertDestination } from '@atendo/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { SuperOnlyTab } from '../../../shared/ui/SuperOnlyTab';
import { useCertificateStatus, useUploadCertificate } from '../hooks/useCertificate';

/** Settings tab "uploadercert" (seed 001 §2, §5, §7): a .p12 for a destination, kept on the server only. */
export function CertificateTab() {
  const { t } = useTranslation();
  const upload = useUploadCertificate();
  const status = useCertificateStatus();
  const clock = useClock();
  const [ref, setRef] = useState<CertDestination | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(t('certificate.chooseFile'));
    if (!ref) return setError(t('certificate.chooseDestination'));
    if (!/\.p12$/i.test(file.name)) return setError(t('certificate.p12Only'));
    setError(null);
    try {
      const res = await upload.mutateAsync({ ref, file });
      if (res.mensagem === CERT_UPLOADED) {
        toast.success(t('certificate.uploaded'));
        setFile(null);
      }
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_INVALID_FILE_TYPE') setError(t('certificate.p12Only'));
      else toastError(err);
    }
  };

  return (
    <SuperOnlyTab>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }} component="form" onSubmit={submit} noValidate>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('certificate.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('certificate.help')}
        </Typography>
        <Stack spacing={2}>
          {/* what is on file now: the tab said nothing, so an admin could not tell whether Efí would work */}
          {status.data?.certificates.map((c) => (
            <Alert
              key={c.ref}
              role="status"
              severity={c.present ? 'success' : 'warning'}
              data-testid={`certificate-status-${c.ref}`}
            >
              {c.present
                ? t('certificate.onFile', {
                    destination: t(`certificate.destinations.${c.ref}`),
                    date: formatDateTime(clock, c.uploadedAt),
                  })
                : t('certificate.none', { destination: t(`certificate.destinations.${c.ref}`) })}
            </Alert>
          ))}
          {status.isError && (
            <Alert role="status" severity="error">
              {t('certificate.statusFailed')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            select
            label={t('certificate.destination')}
            value={ref}
            onChange={(e) => setRef(e.target.value as CertDestination)}
            sx={{ maxWidth: 320 }}
          >
            {CERT_DESTINATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`certificate.destinations.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
              {t('certificate.choose')}
              <input
                hidden
                type="file"
                accept=".p12,application/x-pkcs12"
                data-testid="certificate-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography noWrap color="text.secondary">
              {file?.name ?? t('certificate.noFile')}
            </Typography>
          </Stack>
          <Button type="submit" variant="contained" disabled={upload.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('certificate.send')}
          </Button>
        </Stack>
      </Paper>
    </SuperOnlyTab>
  );
}
