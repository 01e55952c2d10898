import { PIX_KEY_TYPES, V } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { useSendInteractive } from '../hooks/useMessages';

/** The interactive types of seed 000 §9 ("Lista, URL, Copia, Me Ligue, PIX") and their endpoints. */
const KINDS = [
  { kind: 'list', path: 'lista' },
  { kind: 'url', path: 'URL' },
  { kind: 'copy', path: 'copy' },
  { kind: 'call', path: 'call' },
  { kind: 'pix', path: 'PIX' },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

type Fields = Record<string, string>;
interface Row {
  key: number;
  title: string;
  description: string;
}

let rowSeq = 0;
const newRow = (): Row => ({ key: ++rowSeq, title: '', description: '' });

function bodyFor(kind: Kind, f: Fields, rows: Row[]): Record<string, unknown> {
  const opt = (v?: string) => (v?.trim() ? v.trim() : undefined);
  switch (kind) {
    case 'list':
      return {
        title: opt(f.title),
        text: f.text ?? '',
        buttonText: f.buttonText ?? '',
        footer: opt(f.footer),
        sections: [
          {
            title: opt(f.sectionTitle),
            rows: rows.map((r, i) => ({ id: String(i + 1), title: r.title, description: opt(r.description) })),
          },
        ],
      };
    case 'url':
      return { title: opt(f.title), text: opt(f.text), buttonText: opt(f.buttonText), url: opt(f.url), image: opt(f.image) };
    case 'copy':
      return { title: opt(f.title), text: opt(f.text), buttonText: opt(f.buttonText), copyText: opt(f.copyText) };
    case 'call':
      return { title: opt(f.title), text: opt(f.text), buttonText: opt(f.buttonText), phoneNumber: opt(f.phoneNumber) };
    case 'pix':
      return {
        title: opt(f.title),
        sendvalue: f.sendvalue ?? '',
        sendkey_type: f.sendkey_type ?? 'CPF',
        sendmerchant_name: f.sendmerchant_name ?? '',
        sendKey: f.sendKey ?? '',
      };
  }
}

/** Composes a list, URL, copy-code, call-me or PIX message; the server checks each field (seed 000 §5). */
export function InteractiveDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('list');
  const [f, setF] = useState<Fields>({ sendkey_type: 'CPF' });
  const [rows, setRows] = useState<Row[]>([newRow()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendInteractive(ticketId);
  const submit = () => {
    // Seed 000 §5: a list whose options lack a title is not sent ('Por favor, selecione um título.').
    const untitled = kind === 'list' ? rows.flatMap((r, i) => (r.title.trim() ? [] : [i])) : [];
    if (untitled.length) {
      // The list's own required fields say so too (the server would), beside the options' seed message.
      const missing = (['text', 'buttonText'] as const).filter((name) => !f[name]?.trim());
      setErrors({
        ...Object.fromEntries(missing.map((name) => [name, t(V.required)])),
        ...Object.fromEntries(untitled.map((i) => [`sections.0.rows.${i}.title`, t('tickets.interactive.selectTitle')])),
      });
      toast.error(t('tickets.interactive.selectTitle'));
      return;
    }
    send.mutate(
      { path: KINDS.find((k) => k.kind === kind)?.path ?? 'lista', body: bodyFor(kind, f, rows) },
      {
        onSuccess: () => {
          setF({ sendkey_type: 'CPF' });
          setRows([newRow()]);
          setErrors({});
          onClose();
        },
        onError: (err) => {
          const next: Record<string, string> = {};
          const placed = applyFieldErrors<Record<string, string>>(err, (path, e) => {
            next[path] = t(e.message ?? '');
          });
          if (placed) setErrors(next);
          else toastError(err);
        },
      },
    );
  };
  const field = (name: string, opts: { required?: boolean; multiline?: boolean; type?: string } = {}) => (
    <TextField
      key={name}
      label={t(`tickets.interactive.fields.${name}`)}
      value={f[name] ?? ''}
      onChange={(e) => setF({ ...f, [name]: e.target.value })}
      required={opts.required}
      multiline={opts.multiline}
      minRows={opts.multiline ? 2 : undefined}
      type={opts.type}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      size="small"
      fullWidth
    />
  );
  const rowError = (i: number, name: string) => errors[`sections.0.rows.${i}.${name}`];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="interactive-title">
      <DialogTitle id="interactive-title">{t('tickets.interactive.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t('tickets.interactive.type')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setErrors({});
            }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k.kind} value={k.kind}>
                {t(`tickets.interactive.kinds.${k.kind}`)}
              </MenuItem>
            ))}
          </TextField>
          {field('title')}
          {kind === 'pix' ? (
            <>
              {field('sendmerchant_name', { required: true })}
              {field('sendvalue', { required: true, type: 'number' })}
              <TextField
                select
                size="small"
                label={t('tickets.interactive.fields.sendkey_type')}
                value={f.sendkey_type ?? 'CPF'}
                onChange={(e) => setF({ ...f, sendkey_type: e.target.value })}
              >
                {PIX_KEY_TYPES.map((k) => (
                  <MenuItem key={k} value={k}>
                    {k}
                  </MenuItem>
                ))}
              </TextField>
              {field('sendKey', { required: true })}
            </>
          ) : (
            <>
              {field('text', { required: kind === 'list', multiline: true })}
              {field('buttonText', { required: kind === 'list' })}
              {kind === 'url' ? field('url', { required: true }) : null}
              {kind === 'copy' ? field('copyText', { required: true }) : null}
              {kind === 'call' ? field('phoneNumber', { required: true }) : null}
              {kind === 'list' ? (
                <>
                  {field('footer')}
                  {field('sectionTitle')}
                  <Typography variant="subtitle2">{t('tickets.interactive.rows')}</Typography>
                  {rows.map((r, i) => (
                    <Box key={r.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                      <TextField
                        size="small"
                        required
                        label={`${t('tickets.interactive.fields.rowTitle')} ${i + 1}`}
                        value={r.title}
                        onChange={(e) => setRows(rows.map((x) => (x.key === r.key ? { ...x, title: e.target.value } : x)))}
                        error={Boolean(rowError(i, 'title'))}
                        helperText={rowError(i, 'title')}
                      />
                      <TextField
                        size="small"
                        sx={{ flex: 1 }}
                        label={t('tickets.interactive.fields.rowDescription')}
                        value={r.description}
                        onChange={(e) => setRows(rows.map((x) => (x.key === r.key ? { ...x, description: e.target.value } : x)))}
                      />
                      <IconButton
                        aria-label={`${t('tickets.interactive.removeRow')} ${i + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Box>
                  ))}
                  <Button startIcon={<AddIcon />} disabled={rows.length >= 10} onClick={() => setRows([...rows, newRow()])}>
                    {t('tickets.interactive.addRow')}
                  </Button>
                </>
              ) : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={send.isPending} onClick={submit}>
          {t('tickets.composer.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
