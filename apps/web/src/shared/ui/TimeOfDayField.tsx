import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '8' → '08:00', '830' / '8:30' / '0830' → '08:30'; anything else is left as typed (and shown as an error). */
export function normalizeTimeOfDay(text: string): string {
  const s = text.trim();
  if (!s) return '';
  const m = /^(\d{1,2})(?::?(\d{2}))?$/.exec(s.length === 3 && !s.includes(':') ? `0${s}` : s);
  if (!m) return s;
  const out = `${m[1].padStart(2, '0')}:${m[2] ?? '00'}`;
  return HH_MM.test(out) ? out : s;
}

export const isTimeOfDay = (text: string) => HH_MM.test(text);

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & { value: string; onChange: (value: string) => void };

/**
 * A time of day (service hours, a sending window) written HH:mm on a 24-hour clock in every language (issue 31 item
 * 12): the browser's time input would follow the machine's locale (a 12-hour clock on an English machine).
 */
export function TimeOfDayField({ value, onChange, error, helperText, slotProps, ...rest }: Props) {
  const { t } = useTranslation();
  const invalid = value !== '' && !isTimeOfDay(value);
  return (
    <TextField
      {...rest}
      value={value}
      placeholder="HH:mm"
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        const next = normalizeTimeOfDay(value);
        if (next !== value) onChange(next);
      }}
      error={Boolean(error) || invalid}
      helperText={helperText ?? (invalid ? t('common.timeOfDayInvalid') : undefined)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', maxLength: 5, ...(slotProps?.htmlInput as object | undefined) },
      }}
    />
  );
}
