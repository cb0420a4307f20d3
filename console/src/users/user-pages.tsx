import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { definitionPages } from '../resources/definition-pages';
import { OnceShownSecret } from '../resources/once-shown-secret';
import { referenceTitle, resourceConfig } from '../resources/registry';

const userPath = (id: unknown) => `/users/${encodeURIComponent(String(id))}`;

/** The refusal's message for `field` as the API names it, for the input it belongs to. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
  return typeof errors?.[field] === 'string' ? errors[field] : undefined;
}

/** Sets a password the operator types, or lets the API generate one, shown once; the user's sign-ins end. */
function ResetPasswordButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [generated, setGenerated] = useState<string | undefined>();
  if (!record) return null;
  const close = () => {
    setOpen(false);
    setPassword('');
    setProblem(undefined);
  };
  const reset = async () => {
    try {
      const answer = await operatorRequest<{ data: { password?: string } }>('POST', `${userPath(record.id)}/actions/reset-password`, {
        body: password === '' ? {} : { password },
      });
      close();
      notify('console.users.password_reset', { type: 'info' });
      if (answer.data.password) setGenerated(answer.data.password);
    } catch (error) {
      const message = fieldError(error, 'password');
      if (message) setProblem(message);
      else notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('console.users.reset_password')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="reset-password-title">
        <DialogTitle id="reset-password-title">{translate('console.users.reset_password')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('console.users.reset_password_hint')}</DialogContentText>
          <MuiTextField
            type="password"
            autoComplete="new-password"
            label={translate('console.users.new_password')}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setProblem(undefined);
            }}
            error={problem !== undefined}
            helperText={problem ?? translate('console.users.password_hint')}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void reset()}>
            {translate('console.users.reset')}
          </Button>
        </DialogActions>
      </Dialog>
      <OnceShownSecret title="console.secret.users" value={generated} onClose={() => setGenerated(undefined)} />
    </>
  );
}

/** For a lost authenticator: after a confirmation, the user signs in with the password alone. */
function RemoveSecondFactorButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  if (!record?.second_factor) return null;
  const remove = async () => {
    setAsking(false);
    try {
      await operatorRequest('POST', `${userPath(record.id)}/actions/reset-second-factor`);
      notify('console.users.second_factor_removed', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" color="warning" onClick={() => setAsking(true)}>
        {translate('console.users.remove_second_factor')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="remove-second-factor-title">
        <DialogTitle id="remove-second-factor-title">{translate('console.users.remove_second_factor_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('console.users.remove_second_factor_content')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="warning" variant="contained" onClick={() => void remove()}>
            {translate('console.users.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const shared = definitionPages(resourceConfig('users')!, referenceTitle, {
  editActions: (
    <>
      <ResetPasswordButton />
      <RemoveSecondFactorButton />
    </>
  ),
});

/** A user's form with the password reset and the second factor's removal beside disabling them. */
export const UserEdit = shared.edit!;
