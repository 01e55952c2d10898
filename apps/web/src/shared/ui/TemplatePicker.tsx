import { type MessageTemplateDto, renderMessageTemplate, type TemplateParameters, templateVariables } from '@atendo/shared';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Box, Button, Chip, List, ListItemButton, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../api/errors';
import { useMessageTemplates, useSyncTemplates } from '../data/tickets/useTemplates';

/** A value offered for every variable (a chip under its field): the contact's name, a list column, … */
export interface TemplateSuggestion {
  label: string;
  value: string;
}

/**
 * The approved templates of a Cloud API connection (issue 36): the list (templates Meta has not approved are marked and
 * not selectable; who may manage connections can ask Meta for it again), the picked one's variables with suggested
 * values, and exactly what the customer will see. The conversation's template dialog and the campaign form use it.
 */
export function TemplatePicker(props: {
  whatsappId: number;
  maySync: boolean;
  picked: MessageTemplateDto | null;
  onPick: (template: MessageTemplateDto) => void;
  values: TemplateParameters;
  onValues: (values: TemplateParameters) => void;
  suggestions: TemplateSuggestion[];
}) {
  const { t } = useTranslation();
  const list = useMessageTemplates(props.whatsappId);
  const sync = useSyncTemplates(props.whatsappId);
  const { picked, values } = props;
  const templates = list.data?.templates ?? [];
  const variables = picked ? templateVariables(picked) : [];
  const preview = picked ? renderMessageTemplate(picked, values) : null;

  const setValue = (component: string, index: number, value: string) => {
    const next = [...(values[component] ?? [])];
    next[index - 1] = value;
    props.onValues({ ...values, [component]: Array.from(next, (v) => v ?? '') });
  };
  const suggestions = props.suggestions.filter((s) => s.value);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ minWidth: 260, flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle2">{t('templates.list')}</Typography>
          {props.maySync ? (
            <Button
              size="small"
              startIcon={<SyncIcon />}
              disabled={sync.isPending}
              onClick={() => sync.mutate(undefined, { onError: toastError })}
            >
              {t('templates.sync')}
            </Button>
          ) : null}
        </Stack>
        {list.data && !templates.length ? <Alert severity="info">{t('templates.empty')}</Alert> : null}
        <List dense aria-label={t('templates.list')}>
          {templates.map((tpl) => (
            <ListItemButton
              key={tpl.id}
              selected={picked?.id === tpl.id}
              disabled={!tpl.usable}
              onClick={() => props.onPick(tpl)}
            >
              <ListItemText
                primary={tpl.name}
                secondary={`${tpl.language} · ${t(`templates.category.${tpl.category}`, { defaultValue: tpl.category })}`}
              />
              {!tpl.usable ? (
                <Chip
                  size="small"
                  color={tpl.status === 'REJECTED' ? 'error' : 'warning'}
                  label={t(`templates.status.${tpl.status}`, { defaultValue: tpl.status })}
                />
              ) : null}
            </ListItemButton>
          ))}
        </List>
      </Box>
      <Box sx={{ flex: 2 }}>
        {picked ? (
          <Stack spacing={1.5}>
            {variables.map((v) => (
              <Box key={`${v.component}-${v.index}`}>
                <TextField
                  size="small"
                  fullWidth
                  label={
                    v.media
                      ? t(`templates.mediaLink.${v.media}`)
                      : t('templates.variable', {
                          part: t(`templates.part.${v.component.split(':')[0]}`),
                          index: v.index,
                        })
                  }
                  helperText={v.media ? t('templates.mediaHint') : undefined}
                  type={v.media ? 'url' : 'text'}
                  value={values[v.component]?.[v.index - 1] ?? ''}
                  onChange={(e) => setValue(v.component, v.index, e.target.value)}
                />
                <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                  {suggestions.map((s) => (
                    <Chip
                      key={s.label}
                      size="small"
                      variant="outlined"
                      label={s.label}
                      onClick={() => setValue(v.component, v.index, s.value)}
                    />
                  ))}
                </Stack>
              </Box>
            ))}
            <Typography variant="subtitle2">{t('templates.preview')}</Typography>
            <Paper variant="outlined" sx={{ p: 1.5, bgcolor: 'action.hover' }} aria-label={t('templates.preview')}>
              {preview?.media ? (
                preview.media.format === 'IMAGE' && /^https?:\/\//.test(preview.media.link) ? (
                  <Box
                    component="img"
                    src={preview.media.link}
                    alt={t('templates.mediaKind.IMAGE')}
                    sx={{ maxWidth: '100%', maxHeight: 160, borderRadius: 1, mb: 1, display: 'block' }}
                  />
                ) : (
                  <Chip size="small" sx={{ mb: 1 }} label={t(`templates.mediaKind.${preview.media.format}`)} />
                )
              ) : null}
              {preview?.header ? (
                <Typography sx={{ whiteSpace: 'pre-wrap', fontWeight: 700 }}>{preview.header}</Typography>
              ) : null}
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{preview?.body}</Typography>
              {preview?.footer ? (
                <Typography variant="caption" color="text.secondary">
                  {preview.footer}
                </Typography>
              ) : null}
              {preview?.buttons.length ? (
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  {preview.buttons.map((b) => (
                    <Chip key={b} label={b} size="small" />
                  ))}
                </Stack>
              ) : null}
            </Paper>
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('templates.pick')}</Typography>
        )}
      </Box>
    </Stack>
  );
}
