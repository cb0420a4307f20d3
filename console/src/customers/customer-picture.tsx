import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Confirm, Show, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { usePermitted } from '../layout/use-permitted';

type Row = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Long values (ids, e-mail addresses, times, event data) break where they must rather than widen the page;
 * names and other words stay whole.
 */
function breaksAnywhere(text: string): boolean {
  return text.length > 20;
}

/** A section of the picture as a table of its own rows, whatever fields they carry. */
function Section({ title, rows, action }: { title: string; rows: Row[] | undefined; action?: (row: Row) => ReactNode }) {
  const translate = useTranslate();
  const items = rows ?? [];
  const columns = [...new Set(items.flatMap((row) => Object.keys(row)))];
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">{translate('console.customers.none')}</Typography>
        ) : (
          // Focusable, so that a keyboard can scroll a table wider than the window.
          <Box tabIndex={0} sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column}>
                      {translate(`console.customers.columns.${column}`, { _: column.replaceAll('_', ' ') })}
                    </TableCell>
                  ))}
                  {action && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((row, index) => (
                  <TableRow key={index}>
                    {columns.map((column) => (
                      <TableCell key={column} sx={{ overflowWrap: breaksAnywhere(cell(row[column])) ? 'anywhere' : undefined }}>
                        {cell(row[column])}
                      </TableCell>
                    ))}
                    {action && <TableCell>{action(row)}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function useAct() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, { type: 'info' });
      refresh();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return false;
    }
  };
}

function AdjustPoints({ customerId }: { customerId: string }) {
  const translate = useTranslate();
  const act = useAct();
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { points: Number(points), reason };
    if (
      await act(
        () => operatorRequest('POST', `/customers/${customerId}/actions/adjust-points`, { body }),
        'console.customers.points_adjusted',
      )
    ) {
      setOpen(false);
      setPoints('');
      setReason('');
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate('console.customers.adjust_points')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="adjust-points-title">
        <form onSubmit={submit}>
          <DialogTitle id="adjust-points-title">{translate('console.customers.adjust_points')}</DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <DialogContentText>{translate('console.customers.adjust_points_hint')}</DialogContentText>
            <MuiTextField
              id="adjust-points"
              label={translate('console.customers.points')}
              type="number"
              required
              autoFocus
              value={points}
              onChange={(event) => setPoints(event.target.value)}
            />
            <MuiTextField
              id="adjust-reason"
              label={translate('console.customers.reason')}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={points === '' || Number(points) === 0 || reason.trim() === ''}>
              {translate('console.customers.adjust')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function download(name: string, content: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function Privacy({ customerId }: { customerId: string }) {
  const translate = useTranslate();
  const act = useAct();
  const redirect = useRedirect();
  const [erasing, setErasing] = useState(false);
  const exportData = () =>
    act(async () => {
      const answer = await operatorRequest<{ data: unknown }>('POST', `/customers/${customerId}/actions/export-personal-data`);
      download(`customer-${customerId}.json`, answer.data);
    }, 'console.customers.exported');
  const erase = async () => {
    setErasing(false);
    if (await act(() => operatorRequest('POST', `/customers/${customerId}/actions/erase`), 'console.customers.erased'))
      redirect('list', 'customers');
  };
  return (
    <>
      <Button variant="outlined" onClick={() => void exportData()}>
        {translate('console.customers.export')}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setErasing(true)}>
        {translate('console.customers.erase')}
      </Button>
      <Confirm
        isOpen={erasing}
        title="console.customers.erase_title"
        content="console.customers.erase_content"
        confirm="console.customers.erase"
        confirmColor="warning"
        onConfirm={() => void erase()}
        onClose={() => setErasing(false)}
      />
    </>
  );
}

/** The latest changes shown; the CLI and the operator API page further back. */
const HISTORY_ROWS = 10;

/** Every change of the customer's status, newest first: from, to, when and why. */
function StatusHistory({ customerId }: { customerId: string }) {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['customers', customerId, 'status-history'],
    queryFn: async () =>
      (
        await operatorRequest<{ data: { status_changes: Row[] } }>('GET', `/customers/${encodeURIComponent(customerId)}/status-history`, {
          query: { count: HISTORY_ROWS },
        })
      ).data.status_changes,
  });
  const none = translate('console.customers.status_history.no_status');
  const rows = (data ?? []).map((change) => ({
    changed_at: change.changed_at,
    from: cell(change.from_status_name ?? change.from_status_id) || none,
    to: cell(change.to_status_name ?? change.to_status_id) || none,
    reason: translate(`console.customers.status_history.reasons.${cell(change.reason)}`, { _: cell(change.reason) }),
  }));
  return <Section title={translate('console.customers.status_history.title')} rows={rows} />;
}

/** The customer's name (or e-mail) in the app bar, as on the page. */
function PictureTitle() {
  const picture = useRecordContext();
  const translate = useTranslate();
  return <>{picture ? translate('console.customers.title', { name: pictureName(picture) }) : ''}</>;
}

function pictureName(picture: Row): string {
  const profile = (picture.profile ?? {}) as Row;
  return [profile.first_name, profile.last_name].filter(Boolean).join(' ') || cell(profile.email);
}

function Picture() {
  const picture = useRecordContext();
  const translate = useTranslate();
  const act = useAct();
  const canWrite = usePermitted('customers:write');
  const canErase = usePermitted('privacy:write');
  if (!picture) return null;
  const customerId = String(picture.id);
  const profile = (picture.profile ?? {}) as Row;
  const status = (picture.status ?? {}) as { current?: Row | null; next?: Row | null; progress?: Row[] };
  const title = pictureName(picture);
  const blockCard = (card: Row) =>
    canWrite && card.state !== 0 ? (
      <Button
        size="small"
        color="warning"
        onClick={() =>
          void act(() => operatorRequest('POST', `/cards/${cell(card.card_id)}/actions/block`), 'console.customers.card_blocked')
        }
      >
        {translate('console.customers.block_card')}
      </Button>
    ) : null;
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {status.current && <Chip label={translate('console.customers.status', { name: cell(status.current.name) })} />}
        {canWrite && <AdjustPoints customerId={customerId} />}
        {canWrite && (
          <Button
            variant="outlined"
            onClick={() =>
              void act(
                () => operatorRequest('POST', `/customers/${customerId}/actions/resend-password-setup`),
                'console.customers.password_sent',
              )
            }
          >
            {translate('console.customers.resend_password')}
          </Button>
        )}
        {canErase && <Privacy customerId={customerId} />}
      </Stack>
      <Section title={translate('console.customers.profile')} rows={[profile]} />
      <Section title={translate('console.customers.progress')} rows={[...(status.next ? [status.next] : []), ...(status.progress ?? [])]} />
      <StatusHistory customerId={customerId} />
      <Section title={translate('console.customers.point_balances')} rows={picture.point_balances as Row[]} />
      <Section title={translate('console.customers.credit_balances')} rows={picture.credit_balances as Row[]} />
      <Section title={translate('console.customers.cards')} rows={picture.cards as Row[]} action={blockCard} />
      <Section title={translate('console.customers.vouchers')} rows={picture.active_vouchers as Row[]} />
      <Section title={translate('console.customers.purchases')} rows={picture.last_purchases as Row[]} />
      <Section title={translate('console.customers.segments')} rows={picture.segments as Row[]} />
      <Section title={translate('console.customers.consents')} rows={picture.consents as Row[]} />
      <Section title={translate('console.customers.events')} rows={picture.recent_events as Row[]} />
      <Section title={translate('console.customers.messages')} rows={picture.recent_messages as Row[]} />
    </Box>
  );
}

/** A customer's whole picture on one page (`GET /customers/{id}`), with what customer care does about it. */
export function CustomerPicture() {
  return (
    <Show actions={false} component="div" title={<PictureTitle />}>
      <Picture />
    </Show>
  );
}
