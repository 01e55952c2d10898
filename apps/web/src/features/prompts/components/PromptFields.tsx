import { PROMPT_VOICES } from '@atendo/shared';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useQueueEvents, useQueues } from '../../../shared/data/queues/useQueues';
import { toast } from '../../../shared/toast';
import { useExternalApiTest, usePrompts } from '../hooks/usePrompts';
import { type PromptErrors, type PromptFormValues, toggleExternalApi } from '../utils/promptForm';

export interface FieldsProps {
  values: PromptFormValues;
  onChange: (v: PromptFormValues) => void;
  errors: PromptErrors;
  /** Editing: the stored keys are kept when left empty (shown masked as the placeholder). */
  masked?: { apiKey: string; voiceKey: string };
}

function useText() {
  const { t } = useTranslation();
  return (key?: string) => (key ? t(key) : undefined);
}

export function NameField({ values, onChange, errors }: FieldsProps) {
  const { t } = useTranslation();
  const tr = useText();
  return (
    <TextField
      autoFocus
      fullWidth
      label={t('prompts.fields.name')}
      value={values.name}
      onChange={(e) => onChange({ ...values, name: e.target.value })}
      error={Boolean(errors.name)}
      helperText={tr(errors.name)}
      slotProps={{ htmlInput: { 'data-testid': 'prompt-name', maxLength: 100 } }}
    />
  );
}

/**
 * The sector is the queue this prompt answers (issue 31 item 7): saving attaches it. The list follows the queue events
 * live, and a queue that already has another prompt says that this one will take its place.
 */
export function QueueField({ values, onChange, errors, promptId }: FieldsProps & { promptId?: number | null }) {
  const { t } = useTranslation();
  const tr = useText();
  const queues = useQueues();
  const prompts = usePrompts();
  useQueueEvents();
  const promptName = (id: number | null | undefined) =>
    id && id !== promptId ? (prompts.data?.find((p) => p.id === id)?.name ?? t('prompts.anotherPrompt')) : null;
  const chosen = queues.data?.find((q) => q.id === values.queueId);
  const replaced = promptName(chosen?.promptId);
  return (
    <Stack spacing={1}>
      <TextField
        select
        fullWidth
        label={t('prompts.fields.queue')}
        value={values.queueId}
        onChange={(e) => onChange({ ...values, queueId: e.target.value === '' ? '' : Number(e.target.value) })}
        error={Boolean(errors.queueId)}
        helperText={tr(errors.queueId) ?? (queues.data?.length === 0 ? t('prompts.noQueues') : t('prompts.queueAttachHelp'))}
        slotProps={{ htmlInput: { 'data-testid': 'prompt-queue' } }}
      >
        {(queues.data ?? []).map((q) => {
          const other = promptName(q.promptId);
          return (
            <MenuItem key={q.id} value={q.id}>
              {other ? t('prompts.queueWithPrompt', { queue: q.name, prompt: other }) : q.name}
            </MenuItem>
          );
        })}
      </TextField>
      {replaced && chosen && (
        <Alert severity="warning" data-testid="prompt-queue-replaces">
          {t('prompts.queueReplaces', { queue: chosen.name, prompt: replaced })}
        </Alert>
      )}
    </Stack>
  );
}

export function InstructionsFields({ values, onChange, errors }: FieldsProps) {
  const { t } = useTranslation();
  const tr = useText();
  const test = useExternalApiTest();
  const runTest = async () => {
    if (!values.apiUrl.trim()) {
      toast.error(t('prompts.errors.apiUrlRequired'));
      return;
    }
    try {
      const data = await test.mutateAsync(values.apiUrl.trim());
      onChange({ ...values, apiJsonData: data });
      toast.success(t('prompts.apiLoaded'));
    } catch (err) {
      toast.error(`${t('prompts.errors.apiFailed')}: ${errorMessage(err)}`);
    }
  };
  return (
    <Stack spacing={2}>
      <TextField
        fullWidth
        multiline
        minRows={6}
        label={t('prompts.fields.prompt')}
        value={values.prompt}
        onChange={(e) => onChange({ ...values, prompt: e.target.value })}
        error={Boolean(errors.prompt)}
        helperText={tr(errors.prompt) ?? t('prompts.promptHelp', { count: values.prompt.trim().length })}
        slotProps={{ htmlInput: { 'data-testid': 'prompt-instructions' } }}
      />
      <FormControlLabel
        control={
          <Switch checked={values.useExternalApi} onChange={(e) => onChange(toggleExternalApi(values, e.target.checked))} />
        }
        label={t('prompts.fields.useExternalApi')}
      />
      {values.useExternalApi && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              fullWidth
              size="small"
              label={t('prompts.fields.apiUrl')}
              value={values.apiUrl}
              onChange={(e) => onChange({ ...values, apiUrl: e.target.value })}
              error={Boolean(errors.apiUrl)}
              helperText={tr(errors.apiUrl) ?? t('prompts.apiUrlHelp')}
            />
            <Button variant="outlined" onClick={runTest} disabled={test.isPending} sx={{ whiteSpace: 'nowrap' }}>
              {t('prompts.testApi')}
            </Button>
          </Stack>
          {values.apiJsonData != null && (
            <Box
              component="pre"
              sx={{ m: 0, p: 1, maxHeight: 160, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontSize: 12 }}
            >
              {JSON.stringify(values.apiJsonData, null, 2).slice(0, 5000)}
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export function SettingsFields({ values, onChange, errors, masked }: FieldsProps) {
  const { t } = useTranslation();
  const tr = useText();
  const [show, setShow] = useState(false);
  const num = (k: 'temperature' | 'maxTokens' | 'maxMessages') => (e: { target: { value: string } }) =>
    onChange({ ...values, [k]: e.target.value === '' ? Number.NaN : Number(e.target.value) });
  return (
    <Stack spacing={2}>
      <TextField
        fullWidth
        label={t('prompts.fields.apiKey')}
        type={show ? 'text' : 'password'}
        value={values.apiKey}
        placeholder={masked?.apiKey}
        onChange={(e) => onChange({ ...values, apiKey: e.target.value })}
        error={Boolean(errors.apiKey)}
        helperText={tr(errors.apiKey) ?? (masked ? t('prompts.keepKey') : undefined)}
        autoComplete="off"
        slotProps={{
          htmlInput: { 'data-testid': 'prompt-apikey' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t(show ? 'prompts.hideKey' : 'prompts.showKey')}
                  onClick={() => setShow((s) => !s)}
                  edge="end"
                >
                  {show ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('prompts.fields.temperature')}
          type="number"
          value={Number.isNaN(values.temperature) ? '' : values.temperature}
          onChange={num('temperature')}
          error={Boolean(errors.temperature)}
          helperText={tr(errors.temperature) ?? '0 – 2'}
          slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }}
          fullWidth
        />
        <TextField
          label={t('prompts.fields.maxTokens')}
          type="number"
          value={Number.isNaN(values.maxTokens) ? '' : values.maxTokens}
          onChange={num('maxTokens')}
          error={Boolean(errors.maxTokens)}
          helperText={tr(errors.maxTokens)}
          slotProps={{ htmlInput: { min: 1 } }}
          fullWidth
        />
        <TextField
          label={t('prompts.fields.maxMessages')}
          type="number"
          value={Number.isNaN(values.maxMessages) ? '' : values.maxMessages}
          onChange={num('maxMessages')}
          error={Boolean(errors.maxMessages)}
          helperText={tr(errors.maxMessages)}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
          fullWidth
        />
      </Stack>
      <TextField
        fullWidth
        label={t('prompts.fields.model')}
        placeholder="gpt-4o-mini"
        value={values.model}
        onChange={(e) => onChange({ ...values, model: e.target.value })}
      />
      <TextField
        select
        fullWidth
        label={t('prompts.fields.voice')}
        value={values.voice}
        onChange={(e) => onChange({ ...values, voice: e.target.value })}
      >
        {PROMPT_VOICES.map((v) => (
          <MenuItem key={v} value={v}>
            {v === 'texto' ? t('prompts.voiceText') : v}
          </MenuItem>
        ))}
      </TextField>
      {values.voice !== 'texto' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            fullWidth
            type="password"
            label={t('prompts.fields.voiceKey')}
            value={values.voiceKey}
            placeholder={masked?.voiceKey}
            onChange={(e) => onChange({ ...values, voiceKey: e.target.value })}
            error={Boolean(errors.voiceKey)}
            helperText={tr(errors.voiceKey)}
            autoComplete="off"
          />
          <TextField
            fullWidth
            label={t('prompts.fields.voiceRegion')}
            placeholder="brazilsouth"
            value={values.voiceRegion}
            onChange={(e) => onChange({ ...values, voiceRegion: e.target.value })}
            error={Boolean(errors.voiceRegion)}
            helperText={tr(errors.voiceRegion)}
          />
        </Stack>
      )}
      {values.useExternalApi && <Alert severity="info">{t('prompts.externalNoHistory')}</Alert>}
    </Stack>
  );
}
