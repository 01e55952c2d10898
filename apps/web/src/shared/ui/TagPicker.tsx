import type { TagRefDto } from '@atendo/shared';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTagList } from '../data/tags/useTags';
import { ColorChip } from './ColorChip';

/**
 * Choose tags (seed 000 §2, seed 002 §2.8): a searchable multiple choice of the company's plain tags shown as chips in
 * the tag's colour. The kanban lanes are chosen on the board or the lane select, never here.
 */
export function TagPicker({
  label,
  value,
  onChange,
  disabled,
  testId,
  size = 'small',
}: {
  label: string;
  value: TagRefDto[];
  onChange: (tags: TagRefDto[]) => void;
  disabled?: boolean;
  testId: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const list = useTagList({ kanban: false });
  const options = list.data ?? [];
  return (
    <Autocomplete
      multiple
      size={size}
      options={options}
      value={value}
      disabled={disabled}
      loading={list.isLoading}
      filterSelectedOptions
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => onChange(v)}
      noOptionsText={t('tags.picker.none')}
      loadingText={t('common.loading')}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <ColorChip size="small" label={o.name} bg={o.color} />
          </li>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...rest } = getItemProps({ index });
          return <ColorChip key={key} size="small" label={o.name} bg={o.color} {...rest} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length ? undefined : t('tags.picker.placeholder')}
          data-testid={testId}
        />
      )}
    />
  );
}
