import {
  CHATBOT_TARGET,
  CHATBOT_TYPES,
  type ChatbotDto,
  type ChatbotFlowImportError,
  ChatbotOptionBody,
  type ChatbotOptionInput,
  parseChatbotFlow,
  V,
} from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Named } from '../../../shared/data/queues/useQueues';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { usePlaceholdersHelp } from '../../../shared/ui/placeholders';

/** A step being edited: the API's fields plus a stable key for React. */
export interface StepDraft extends Omit<ChatbotOptionInput, 'options'> {
  key: string;
  options: StepDraft[];
}

let seq = 0;
const newKey = () => `s${++seq}`;

export function toDrafts(steps: (ChatbotDto | ChatbotOptionInput)[] | undefined): StepDraft[] {
  return (steps ?? []).map((s) => ({
    key: newKey(),
    name: s.name,
    greetingMessage: s.greetingMessage ?? '',
    queueType: (s.queueType as StepDraft['queueType']) ?? 'text',
    optQueueId: s.optQueueId ?? null,
    optUserId: s.optUserId ?? null,
    optIntegrationId: s.optIntegrationId ?? null,
    optFileId: s.optFileId ?? null,
    closeTicket: s.closeTicket ?? false,
    options: toDrafts(s.options as ChatbotOptionInput[] | undefined),
  }));
}

/** What the API receives: only the target of the chosen type is kept. */
export function fromDrafts(steps: StepDraft[]): ChatbotOptionInput[] {
  return steps.map(({ key: _key, options, ...s }) => {
    const target = s.queueType ? CHATBOT_TARGET[s.queueType] : null;
    return {
      name: s.name.trim(),
      greetingMessage: s.greetingMessage ?? '',
      queueType: s.queueType ?? 'text',
      optQueueId: target === 'optQueueId' ? (s.optQueueId ?? null) : null,
      optUserId: target === 'optUserId' ? (s.optUserId ?? null) : null,
      optIntegrationId: target === 'optIntegrationId' ? (s.optIntegrationId ?? null) : null,
      optFileId: target === 'optFileId' ? (s.optFileId ?? null) : null,
      closeTicket: s.closeTicket ?? false,
      options: fromDrafts(options),
    };
  });
}

/** Errors of a flow keyed by path ('0.options.1.name'), with the same rules as the server. */
export function validateFlow(steps: StepDraft[]): Record<string, string> {
  const parsed = z.array(ChatbotOptionBody).safeParse(fromDrafts(steps));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** A step's JSON key as the editor labels it (the import error names the field the user sees and the key in the file). */
const FIELD_LABELS: Record<string, string> = {
  name: 'queues.chatbot.name',
  greetingMessage: 'queues.chatbot.message',
  queueType: 'queues.chatbot.type',
  optQueueId: 'queues.chatbot.targets.optQueueId',
  optUserId: 'queues.chatbot.targets.optUserId',
  optIntegrationId: 'queues.chatbot.targets.optIntegrationId',
  optFileId: 'queues.chatbot.targets.optFileId',
  closeTicket: 'queues.chatbot.closeTicket',
  options: 'queues.chatbot.innerOptions',
};

/** The toast of an import that failed: the seed's two messages, or the step and the field at fault and why. */
export function importErrorMessage(t: TFunction, e: ChatbotFlowImportError): string {
  if (e.error !== 'step') return t(e.error === 'notArray' ? 'queues.chatbot.importNotArray' : 'queues.chatbot.importFailed');
  const step = e.stepName ? `${e.step} («${e.stepName}»)` : e.step;
  // a step's message is required for its inner options, not for several queues
  const reason =
    e.field === 'greetingMessage' && e.message === V.greetingRequired ? t('queues.chatbot.messageRequired') : t(e.message);
  if (!e.field) return t('queues.chatbot.importStep', { step, reason });
  const label = FIELD_LABELS[e.field];
  return t('queues.chatbot.importStepField', { step, field: label ? t(label) : e.field, key: e.field, reason });
}

export interface ChatbotTargets {
  queues: Named[];
  users: Named[];
  integrations: Named[];
  files: Named[];
  /** integration steps only when the plan has useIntegrations */
  allowIntegration: boolean;
}

interface EditorProps {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  errors: Record<string, string>;
  targets: ChatbotTargets;
  /** One step edited on its own page (/chatbot/:id): no adding or deleting at the top. */
  rootFixed?: boolean;
}

/** The option-flow editor: steps nested to any depth, reorder, delete with inner steps, JSON import/export. */
export function ChatbotEditor({ steps, onChange, errors, targets, rootFixed }: EditorProps) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const importFile = async (file: File) => {
    const result = parseChatbotFlow(await file.text());
    if (!result.ok) {
      toast.error(importErrorMessage(t, result));
      return;
    }
    onChange(toDrafts(result.steps));
    toast.success(t('queues.chatbot.imported'));
  };

  const exportFlow = () => {
    const blob = new Blob([JSON.stringify(fromDrafts(steps), null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'chatbot.json';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('queues.chatbot.title')}
        </Typography>
        <input
          id={inputId}
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('queues.chatbot.import')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button size="small" startIcon={<FileUploadIcon />} onClick={() => fileRef.current?.click()}>
          {t('queues.chatbot.import')}
        </Button>
        <Button size="small" startIcon={<FileDownloadIcon />} onClick={exportFlow} disabled={steps.length === 0}>
          {t('queues.chatbot.export')}
        </Button>
      </Stack>
      <StepList steps={steps} onChange={onChange} errors={errors} targets={targets} path="" depth={0} rootFixed={rootFixed} />
    </Box>
  );
}

function StepList({ steps, onChange, errors, targets, path, depth, rootFixed }: EditorProps & { path: string; depth: number }) {
  const fixed = Boolean(rootFixed) && depth === 0;
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<number | null>(null);
  const update = (i: number, step: StepDraft) => onChange(steps.map((s, j) => (j === i ? step : s)));
  const move = (i: number, by: number) => {
    const next = [...steps];
    const [s] = next.splice(i, 1);
    next.splice(i + by, 0, s);
    onChange(next);
  };
  return (
    <Stack spacing={1} sx={{ pl: depth ? 2 : 0, borderLeft: depth ? 2 : 0, borderColor: 'divider' }}>
      {steps.map((step, i) => (
        <StepCard
          key={step.key}
          step={step}
          index={i}
          count={steps.length}
          path={`${path}${i}`}
          depth={depth}
          errors={errors}
          targets={targets}
          onChange={(s) => update(i, s)}
          onMove={(by) => move(i, by)}
          onDelete={fixed ? undefined : () => setDeleting(i)}
        />
      ))}
      <Box sx={{ display: fixed ? 'none' : 'block' }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() =>
            onChange([
              ...steps,
              { key: newKey(), name: '', greetingMessage: '', queueType: 'text', closeTicket: false, options: [] },
            ])
          }
        >
          {depth === 0 ? t('queues.chatbot.addStep') : t('queues.chatbot.addInner')}
        </Button>
      </Box>
      <ConfirmationDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) onChange(steps.filter((_, j) => j !== deleting));
        }}
      >
        {t('queues.chatbot.deleteConfirm')}
      </ConfirmationDialog>
    </Stack>
  );
}

function StepCard({
  step,
  index,
  count,
  path,
  depth,
  errors,
  targets,
  onChange,
  onMove,
  onDelete,
}: {
  step: StepDraft;
  index: number;
  count: number;
  path: string;
  depth: number;
  errors: Record<string, string>;
  targets: ChatbotTargets;
  onChange: (s: StepDraft) => void;
  onMove: (by: number) => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const help = usePlaceholdersHelp();
  const err = (field: string) => errors[`${path}.${field}`];
  const target = step.queueType ? CHATBOT_TARGET[step.queueType] : null;
  const targetOptions: Record<string, Named[]> = {
    optQueueId: targets.queues,
    optUserId: targets.users,
    optIntegrationId: targets.integrations,
    optFileId: targets.files,
  };
  const label = `${t('queues.chatbot.step')} ${path
    .split('.')
    .filter((p) => /^\d+$/.test(p))
    .map((p) => Number(p) + 1)
    .join('.')}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`step-${path}`} aria-label={label} role="group">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="caption" sx={{ pt: 1, minWidth: 36, color: 'text.secondary' }}>
            {path
              .split('.')
              .filter((p) => /^\d+$/.test(p))
              .map((p) => Number(p) + 1)
              .join('.')}
          </Typography>
          <TextField
            label={t('queues.chatbot.name')}
            size="small"
            fullWidth
            value={step.name}
            onChange={(e) => onChange({ ...step, name: e.target.value })}
            error={Boolean(err('name'))}
            helperText={err('name') ? t(err('name')) : undefined}
          />
          <TextField
            select
            size="small"
            label={t('queues.chatbot.type')}
            value={step.queueType ?? 'text'}
            onChange={(e) => onChange({ ...step, queueType: e.target.value as StepDraft['queueType'] })}
            sx={{ minWidth: 150 }}
          >
            {CHATBOT_TYPES.filter(
              (ty) => ty !== 'integration' || targets.allowIntegration || step.queueType === 'integration',
            ).map((ty) => (
              <MenuItem key={ty} value={ty}>
                {t(`queues.chatbot.types.${ty}`)}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={t('queues.chatbot.moveUp')}>
            <span>
              <IconButton size="small" aria-label={t('queues.chatbot.moveUp')} disabled={index === 0} onClick={() => onMove(-1)}>
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('queues.chatbot.moveDown')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('queues.chatbot.moveDown')}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          {onDelete && (
            <Tooltip title={t('queues.chatbot.delete')}>
              <IconButton size="small" aria-label={`${t('queues.chatbot.delete')} ${label}`} onClick={onDelete}>
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <TextField
          label={t('queues.chatbot.message')}
          size="small"
          multiline
          minRows={2}
          value={step.greetingMessage ?? ''}
          onChange={(e) => onChange({ ...step, greetingMessage: e.target.value })}
          error={Boolean(err('greetingMessage'))}
          helperText={
            err('greetingMessage') ? t('queues.chatbot.messageRequired') : `${t('queues.chatbot.messageHint')}. ${help}`
          }
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {target && (
            <TextField
              select
              size="small"
              label={t(`queues.chatbot.targets.${target}`)}
              value={(step[target] as number | null | undefined) ?? ''}
              onChange={(e) => onChange({ ...step, [target]: e.target.value === '' ? null : Number(e.target.value) })}
              error={Boolean(err(target))}
              helperText={err(target) ? t(err(target)) : undefined}
              sx={{ minWidth: 220 }}
            >
              {targetOptions[target].map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(step.closeTicket)}
                onChange={(e) => onChange({ ...step, closeTicket: e.target.checked })}
              />
            }
            label={t('queues.chatbot.closeTicket')}
          />
        </Stack>
        <StepList
          steps={step.options}
          onChange={(options) => onChange({ ...step, options })}
          errors={errors}
          targets={targets}
          path={`${path}.options.`}
          depth={depth + 1}
        />
      </Stack>
    </Paper>
  );
}
