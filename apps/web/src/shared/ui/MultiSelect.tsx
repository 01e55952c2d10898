import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ColorChip } from './ColorChip';

export interface MultiSelectOption {
  id: number;
  name: string;
  color?: string | null;
}

/** A searchable multiple choice of ids (filters of the inbox and the reports): chips in the option's colour. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  loading,
  testId,
}: {
  label: string;
  options: MultiSelectOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const chosen = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={loading}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => onChange(v.map((o) => o.id))}
      noOptionsText={t('common.noOptions')}
      loadingText={t('common.loading')}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <ColorChip key={key} size="small" label={o.name} bg={o.color} {...rest} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} data-testid={testId} />}
    />
  );
}
