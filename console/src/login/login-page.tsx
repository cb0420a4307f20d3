import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { SecondFactorNeeded } from '../api/auth-provider';

/** Login and password, then the authenticator code when the account has a second factor. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      await login({ username, password, totpCode: askTotp ? totpCode : undefined });
    } catch (error) {
      if (error instanceof SecondFactorNeeded) setAskTotp(true);
      else {
        const detail = error instanceof Error ? error.message : String(error);
        setFailure(translate('console.auth.failed', { detail }));
        notify('console.auth.failed', { type: 'error', messageArgs: { detail } });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('console.auth.sign_in_title')}
          </Typography>
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              id="login"
              label={translate('console.auth.login')}
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              required
              autoFocus
              disabled={askTotp}
            />
            <TextField
              id="password"
              label={translate('console.auth.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              disabled={askTotp}
            />
            {askTotp && (
              <TextField
                id="totp-code"
                label={translate('console.auth.totp_code')}
                helperText={translate('console.auth.totp_hint')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
                value={totpCode}
                onChange={(event) => setTotpCode(event.target.value)}
                required
                autoFocus
              />
            )}
            {failure && (
              <Typography role="alert" color="error" variant="body2">
                {failure}
              </Typography>
            )}
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('console.auth.sign_in')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
