import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast';

/** A read-only value with a copy button (a webhook's callback URL, a verify token). */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('common.copied'));
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      data-testid={testId}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('common.copy')}>
                <IconButton aria-label={`${t('common.copy')}: ${label}`} onClick={() => void copy()} edge="end">
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
