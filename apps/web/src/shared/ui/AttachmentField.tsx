import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Typography } from '@mui/material';

/**
 * One attachment of a form (a quick message's, a campaign's): a pick button, the file's name or "none", and a remove
 * button. The form keeps the picked file and the shown name; removing a stored one is the form's call.
 */
export function AttachmentField({
  name,
  disabled,
  testId,
  labels,
  onPick,
  onRemove,
}: {
  name: string | null;
  disabled?: boolean;
  testId: string;
  labels: { attach: string; none: string; remove: string };
  onPick: (file: File) => void;
  onRemove: () => void | Promise<void>;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button component="label" startIcon={<AttachFileIcon />} disabled={disabled}>
        {labels.attach}
        <input
          hidden
          type="file"
          data-testid={testId}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onPick(f);
          }}
        />
      </Button>
      <Typography noWrap color="text.secondary">
        {name ?? labels.none}
      </Typography>
      {name && !disabled ? (
        <IconButton aria-label={labels.remove} onClick={() => void onRemove()}>
          <DeleteOutlinedIcon />
        </IconButton>
      ) : null}
    </Box>
  );
}
