import { HELP_PAGES, HelpBody, type HelpDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorMessage } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { FormTextField } from '../../../shared/ui/FormTextField';
import { LoadError } from '../../../shared/ui/LoadError';
import { Loading } from '../../../shared/ui/Loading';
import { useDeleteHelp, useHelpsList, useSaveHelp } from '../hooks/useHelps';

interface Form {
  title: string;
  description: string;
  video: string;
  page: string;
}

const EMPTY: Form = { title: '', description: '', video: '', page: '' };

/** Settings tab "helps" (super admin): the same pattern as plans — a form over the table, a row click edits. */
export function HelpsTab() {
  const { t } = useTranslation();
  const helps = useHelpsList();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const [editing, setEditing] = useState<HelpDto | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ defaultValues: EMPTY, resolver: zodResolver(HelpBody) as never });
  const fields = { register, errors };

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const clear = () => {
    setEditing(null);
    reset(EMPTY);
  };
  const select = (h: HelpDto) => {
    setEditing(h);
    reset({ title: h.title, description: h.description, video: h.video, page: h.page ?? '' });
  };

  const onSubmit = handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ id: editing?.id, body: v });
      toast.success(t('helps.saved'));
      resetTimer.current = setTimeout(clear, 500);
    } catch (err) {
      if (!applyFieldErrors(err, setError, Object.keys(EMPTY))) toast.error(`${t('helps.saveFailed')} (${errorMessage(err)})`);
    }
  });

  const onDelete = async () => {
    if (!editing) return;
    try {
      await remove.mutateAsync(editing.id);
      toast.success(t('helps.saved'));
      clear();
    } catch (err) {
      toast.error(`${t('helps.deleteFailed')} (${errorMessage(err)})`);
    }
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={onSubmit} noValidate aria-label={t('helps.form')}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {editing ? t('helps.editTitle', { title: editing.title }) : t('helps.newTitle')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr' } }}>
          <FormTextField {...fields} name="title" label={t('helps.fields.title')} required />
          <FormTextField {...fields} name="video" label={t('helps.fields.video')} required helperText={t('helps.videoHint')} />
          <Controller
            control={control}
            name="page"
            render={({ field }) => (
              <TextField select label={t('helps.fields.page')} {...field} helperText={t('helps.pageHint')}>
                <MenuItem value="">{t('helps.noPage')}</MenuItem>
                {HELP_PAGES.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`helps.pages.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <FormTextField
          {...fields}
          name="description"
          label={t('helps.fields.description')}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={clear}>{t('helps.clear')}</Button>
          {editing?.id ? (
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t('helps.delete')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('helps.save')}
          </Button>
        </Stack>
      </Paper>

      {helps.isLoading ? (
        <Loading />
      ) : helps.isError ? (
        <Box>
          <Typography color="error" sx={{ mb: 1 }}>
            {t('helps.loadFailed')}
          </Typography>
          <LoadError compact error={helps.error} onRetry={() => void helps.refetch()} />
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('helps.table')}>
            <TableHead>
              <TableRow>
                {(['title', 'description', 'video', 'page'] as const).map((k) => (
                  <TableCell key={k} sx={{ fontWeight: 600 }}>
                    {t(`helps.fields.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(helps.data ?? []).map((h) => (
                <TableRow
                  key={h.id}
                  hover
                  selected={editing?.id === h.id}
                  onClick={() => select(h)}
                  sx={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onKeyDown={(e) => e.key === 'Enter' && select(h)}
                >
                  <TableCell>{h.title}</TableCell>
                  <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {h.description}
                  </TableCell>
                  <TableCell>{h.video}</TableCell>
                  <TableCell>{h.page ? t(`helps.pages.${h.page}`) : '-'}</TableCell>
                </TableRow>
              ))}
              {helps.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                    {t('helps.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmationDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={onDelete} />
    </Stack>
  );
}
