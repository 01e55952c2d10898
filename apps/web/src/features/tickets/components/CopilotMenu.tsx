import { planAllows } from '@atendo/shared';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import UndoIcon from '@mui/icons-material/Undo';
import { CircularProgress, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { toast } from '../../../shared/toast';
import { useCopilot } from '../hooks/useCopilot';

/**
 * The composer's AI co-pilot (docs/ai.md; plans with useOpenAi): Suggest reply fills the composer, Improve replaces
 * the draft (both undoable while the text is as the AI left it), Summarise adds a private note. Nothing is sent here.
 */
export function CopilotMenu({
  ticketId,
  text,
  setText,
  disabled,
}: {
  ticketId: number;
  text: string;
  setText: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { plan } = useCompanyPlan();
  const ai = useCopilot(ticketId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [undo, setUndo] = useState<{ before: string; after: string } | null>(null);
  if (!planAllows(plan, 'useOpenAi')) return null;

  const replace = (after: string) => {
    setUndo({ before: text, after });
    setText(after);
  };
  const run = (action: 'suggest' | 'improve' | 'summary') => {
    setAnchor(null);
    if (action === 'suggest') ai.suggest.mutate(undefined, { onSuccess: (r) => replace(r.text), onError: toastError });
    else if (action === 'improve') ai.improve.mutate(text, { onSuccess: (r) => replace(r.text), onError: toastError });
    else ai.summary.mutate(undefined, { onSuccess: () => toast.success(t('tickets.copilot.summaryAdded')), onError: toastError });
  };
  const canUndo = undo !== null && undo.after === text;

  return (
    <>
      <Tooltip title={t('tickets.copilot.menu')}>
        <span>
          <IconButton
            aria-label={t('tickets.copilot.menu')}
            aria-haspopup="menu"
            aria-busy={ai.busy}
            disabled={disabled || ai.busy}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            {ai.busy ? <CircularProgress size={20} aria-label={t('tickets.copilot.working')} /> : <AutoAwesomeIcon />}
          </IconButton>
        </span>
      </Tooltip>
      {canUndo ? (
        <Tooltip title={t('tickets.copilot.undo')}>
          <IconButton
            aria-label={t('tickets.copilot.undo')}
            onClick={() => {
              setText(undo.before);
              setUndo(null);
            }}
          >
            <UndoIcon />
          </IconButton>
        </Tooltip>
      ) : null}
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('suggest')}>
          <ListItemText primary={t('tickets.copilot.suggest')} secondary={t('tickets.copilot.suggestHint')} />
        </MenuItem>
        <MenuItem disabled={!text.trim()} onClick={() => run('improve')}>
          <ListItemText primary={t('tickets.copilot.improve')} secondary={t('tickets.copilot.improveHint')} />
        </MenuItem>
        <MenuItem onClick={() => run('summary')}>
          <ListItemText primary={t('tickets.copilot.summary')} secondary={t('tickets.copilot.summaryHint')} />
        </MenuItem>
      </Menu>
    </>
  );
}
