import { isAdmin } from '@atendo/shared';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { CopyField } from '../../../shared/ui/CopyField';
import { sendUrl, useApiTokens, useTestSend } from '../hooks/useMessagesApi';

const TEXT_EXAMPLE = `{
  "number": "5511999999999",
  "body": "Olá!",
  "userId": "",
  "queueId": "",
  "sendSignature": false,
  "closeTicket": false
}`;

function Code({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto', fontSize: 13, m: 0, whiteSpace: 'pre-wrap' }}
    >
      {children}
    </Box>
  );
}

/** One test form (text or media): token, number, body, and a file for media. */
function TestForm({ media }: { media: boolean }) {
  const { t } = useTranslation();
  const send = useTestSend();
  const [token, setToken] = useState('');
  const [number, setNumber] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const numberOk = /^\d{8,20}$/.test(number.trim());
  const ready = token.trim() && numberOk && (media ? file : body.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ready) return;
    let payload: Record<string, string> | FormData = { number: number.trim(), body };
    if (media && file) {
      const form = new FormData();
      form.append('number', number.trim());
      form.append('body', body);
      form.append('medias', file);
      payload = form;
    }
    send.mutate({ token, body: payload }, { onSuccess: () => toast.success(t('messagesApi.sentToast')) });
  };
  const prefix = media ? 'media' : 'text';
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate aria-label={t(`messagesApi.${prefix}.form`)}>
      <TextField
        size="small"
        label={t('messagesApi.fields.token')}
        value={token}
        onChange={(e) => setToken(e.target.value)}
        error={touched && !token.trim()}
        helperText={touched && !token.trim() ? t('validation.required') : ' '}
      />
      <TextField
        size="small"
        label={t('messagesApi.fields.number')}
        placeholder="5511999999999"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={touched && !numberOk}
        helperText={touched && !numberOk ? t('messagesApi.fields.numberHelp') : ' '}
      />
      <TextField
        size="small"
        multiline
        minRows={2}
        label={media ? t('messagesApi.fields.caption') : t('messagesApi.fields.body')}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={touched && !media && !body.trim()}
        helperText={touched && !media && !body.trim() ? t('validation.required') : ' '}
      />
      {media ? (
        <Box>
          <Button variant="outlined" component="label">
            {t('messagesApi.fields.file')}
            <input hidden type="file" data-testid="messages-api-file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          <Typography variant="body2" component="span" sx={{ ml: 1 }} color={touched && !file ? 'error' : 'text.secondary'}>
            {file ? file.name : touched ? t('validation.required') : t('messagesApi.fields.noFile')}
          </Typography>
        </Box>
      ) : null}
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={send.isPending ? <CircularProgress size={16} /> : <SendIcon />}
          disabled={send.isPending}
        >
          {t('messagesApi.send')}
        </Button>
      </Box>
      {send.isSuccess ? (
        <Alert severity="success">
          {t('messagesApi.sent', { messageId: send.data.messageId, ticketId: send.data.ticketId })}
        </Alert>
      ) : null}
      {send.isError ? <Alert severity="error">{errorMessage(send.error)}</Alert> : null}
    </Stack>
  );
}

/** /messages-api (seed 002 §2.13): the text and media send calls documented, with test forms; tokens for admins. */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const tokens = useApiTokens(admin);
  const url = sendUrl();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1">
        {t('messagesApi.title')}
      </Typography>
      <Typography color="text.secondary">{t('messagesApi.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {t('messagesApi.endpoint')}
          </Typography>
          <CopyField label="POST" value={url} />
          <Typography variant="body2">{t('messagesApi.auth')}</Typography>
          <Code>{'Authorization: Bearer <token>'}</Code>
          <Typography variant="body2">
            {t('messagesApi.docs')}{' '}
            <a href={url.replace('/api/messages/send', '/docs')} target="_blank" rel="noreferrer">
              /docs
            </a>
          </Typography>
        </Stack>
      </Paper>
      {admin ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('messagesApi.tokens')}
          </Typography>
          {tokens.isLoading ? (
            <CircularProgress size={24} aria-label={t('common.loading')} />
          ) : (tokens.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{t('messagesApi.noTokens')}</Typography>
          ) : (
            <Table size="small" aria-label={t('messagesApi.tokens')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('messagesApi.connection')}</TableCell>
                  <TableCell>{t('messagesApi.fields.token')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(tokens.data ?? []).map((x) => (
                  <TableRow key={x.id}>
                    <TableCell>{x.name}</TableCell>
                    <TableCell sx={{ minWidth: 320 }}>
                      <CopyField label={x.name} value={x.token} testId="api-token" />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('messagesApi.text.title')}
            </Typography>
            <Typography variant="body2">{t('messagesApi.text.help')}</Typography>
            <Code>{TEXT_EXAMPLE}</Code>
            <TestForm media={false} />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              {t('messagesApi.media.title')}
            </Typography>
            <Typography variant="body2">{t('messagesApi.media.help')}</Typography>
            <Code>{'number=5511999999999\nbody=Segue o arquivo\nmedias=@arquivo.pdf'}</Code>
            <TestForm media />
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
