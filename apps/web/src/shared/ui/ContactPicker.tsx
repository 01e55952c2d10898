import { Autocomplete, Chip, CircularProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_SEARCH_MIN, type ContactOption, useContactSearch } from '../data/contacts/useContacts';

interface Common {
  label: string;
  /** A translated error shown under the field (instead of the search hint). */
  error?: string | null;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  margin?: 'dense' | 'none' | 'normal';
}

type ContactPickerProps = Common &
  (
    | { multiple: true; value: ContactOption[]; onChange: (v: ContactOption[]) => void }
    | { multiple?: false; value: ContactOption | null; onChange: (v: ContactOption | null) => void }
  );

/**
 * The contact picker of the dialogs (new ticket, forward, schedule): contacts searched on the server from 3
 * characters (seed 000 §2 "Dialogs"), shown as "name — number"; one contact, or several as chips.
 */
export function ContactPicker(props: ContactPickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const search = useContactSearch(term);
  return (
    <Autocomplete<ContactOption, boolean>
      multiple={props.multiple}
      disabled={props.disabled}
      options={search.data ?? []}
      value={props.value}
      onChange={(_, v) => (props.onChange as (v: ContactOption[] | ContactOption | null) => void)(v)}
      inputValue={term}
      onInputChange={(_, v) => setTerm(v)}
      filterOptions={(x) => x}
      getOptionLabel={(o) => `${o.name} — ${o.number}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={search.isFetching}
      loadingText={t('inbox.filters.loading')}
      noOptionsText={term.trim().length < CONTACT_SEARCH_MIN ? t('inbox.newTicket.typeMore') : t('inbox.newTicket.noContacts')}
      renderValue={
        props.multiple
          ? (value, getItemProps) =>
              (value as ContactOption[]).map((o, index) => {
                const { key, ...itemProps } = getItemProps({ index }) as ReturnType<typeof getItemProps> & { key: string };
                return <Chip key={key} size="small" label={o.name} {...itemProps} />;
              })
          : undefined
      }
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus={props.autoFocus}
          required={props.required}
          margin={props.margin}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error || t('inbox.newTicket.contactHint')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {search.isFetching ? <CircularProgress size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
