import { HELP_PAGES, HelpBody, type HelpDto } from '@atendo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormOverTableList, useFormOverTable } from '../../../shared/ui/FormOverTable';
import { FormTextField } from '../../../shared/ui/FormTextField';
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
  const { form, fields, editing, select, onSubmit, buttons } = useFormOverTable<Form, HelpDto>({
    ns: 'helps',
    empty: EMPTY,
    resolver: zodResolver(HelpBody) as never,
    toForm: (h) => ({ title: h.title, description: h.description, video: h.video, page: h.page ?? '' }),
    save: useSaveHelp(),
    remove: useDeleteHelp(),
  });

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
            control={form.control}
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
        {buttons}
      </Paper>
      <FormOverTableList
        ns="helps"
        query={helps}
        selectedId={editing?.id}
        onSelect={select}
        columns={[
          { key: 'title', header: t('helps.fields.title'), render: (h) => h.title },
          { key: 'description', header: t('helps.fields.description'), render: (h) => h.description, truncate: true },
          { key: 'video', header: t('helps.fields.video'), render: (h) => h.video },
          { key: 'page', header: t('helps.fields.page'), render: (h) => (h.page ? t(`helps.pages.${h.page}`) : '-') },
        ]}
      />
    </Stack>
  );
}
