import {
  type MessageTemplateDto,
  missingTemplateVariables,
  renderMessageTemplate,
  type TemplateParameters,
  templateVariables,
} from '@atendo/shared';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useMessageTemplates, useSendTemplate, useSyncTemplates } from '../hooks/useTemplates';

export interface TemplateFill {
  contactName: string;
  userName: string;
  ticketId: number;
}

/**
 * The approved templates of a Cloud API connection (issue 36): pick one, fill its variables (from the contact, the
 * ticket, or typed), see exactly what the customer will receive, send. Templates Meta has not approved are listed,
 * marked and not selectable; who may manage connections can ask Meta for the list again.
 */
export function TemplateDialog(props: {
  open: boolean;
  onClose: () => void;
  ticketId: number;
  whatsappId: number;
  fill: TemplateFill;
  maySync: boolean;
}) {
  const { t } = useTranslation();
  const list = useMessageTemplates(props.whatsappId);
  const sync = useSyncTemplates(props.whatsappId);
  const send = useSendTemplate(props.ticketId);
  const [picked, setPicked] = useState<MessageTemplateDto | null>(null);
  const [values, setValues] = useState<TemplateParameters>({});
  const templates = list.data?.templates ?? [];

  const variables = useMemo(() => (picked ? templateVariables(picked) : []), [picked]);
  const preview = picked ? renderMessageTemplate(picked, values) : null;
  const missing = picked ? missingTemplateVariables(picked, values) : [];

  const setValue = (component: string, index: number, value: string) =>
    setValues((prev) => {
      const next = [...(prev[component] ?? [])];
      next[index - 1] = value;
      return { ...prev, [component]: Array.from(next, (v) => v ?? '') };
    });

  const choose = (template: MessageTemplateDto) => {
    setPicked(template);
    setValues({});
  };

  const close = () => {
    setPicked(null);
    setValues({});
    props.onClose();
  };

  const suggestions = [
    { label: t('templates.fill.contactName'), value: props.fill.contactName },
    { label: t('templates.fill.userName'), value: props.fill.userName },
    { label: t('templates.fill.ticketId'), value: String(props.fill.ticketId) },
  ].filter((s) => s.value);

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="md" aria-labelledby="template-dialog-title">
      <DialogTitle id="template-dialog-title">{t('templates.title')}</DialogTitle>
      <DialogContent dividers>
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
                <ListItemButton key={tpl.id} selected={picked?.id === tpl.id} disabled={!tpl.usable} onClick={() => choose(tpl)}>
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
                      label={t('templates.variable', {
                        part: t(`templates.part.${v.component.split(':')[0]}`),
                        index: v.index,
                      })}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!picked || missing.length > 0 || send.isPending}
          onClick={() =>
            picked &&
            send.mutate(
              { name: picked.name, language: picked.language, parameters: values },
              { onSuccess: close, onError: toastError },
            )
          }
        >
          {t('templates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
