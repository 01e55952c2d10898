import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

/** A search box with the magnifier in front: the pages' and the inbox's search fields. */
export function SearchField(props: Omit<TextFieldProps, 'slotProps'> & { htmlInput?: Record<string, unknown> }) {
  const { htmlInput, ...rest } = props;
  return (
    <TextField
      {...rest}
      slotProps={{
        htmlInput,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
