import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A value the API answers once and never again (a signing secret, a generated password): shown with a
 * copy button and a warning, until the operator closes it.
 */
export function OnceShownSecret({ title, value, onClose }: { title: string; value: string | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      notify('console.secret.copied', { type: 'info' });
    } catch {
      // Without clipboard access the text is selected instead, for the operator to copy by hand.
      field.current?.select();
      notify('console.secret.copy_by_hand', { type: 'warning' });
    }
  };
  return (
    <Dialog open={value !== undefined} aria-labelledby="once-shown-title" maxWidth="sm" fullWidth>
      <DialogTitle id="once-shown-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('console.secret.warning')}
        </Alert>
        <MuiTextField
          inputRef={field}
          value={value ?? ''}
          label={translate(title)}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{translate('console.secret.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate('console.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
