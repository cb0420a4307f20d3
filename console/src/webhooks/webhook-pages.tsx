import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetRecordId, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { usePermitted } from '../layout/use-permitted';
import { definitionPages } from '../resources/definition-pages';
import { OnceShownSecret } from '../resources/once-shown-secret';
import { referenceTitle, resourceConfig } from '../resources/registry';

interface Delivery {
  event_id: string;
  event_type: string;
  status: number;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  next_attempt_at: string;
}

/** A new signing secret, shown once; the previous one keeps signing for a while so receivers can switch over. */
function RotateSecretButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [secret, setSecret] = useState<string | undefined>();
  if (!record) return null;
  const rotate = async () => {
    try {
      const answer = await operatorRequest<{ data: { secret: string } }>(
        'POST',
        `/webhooks/${encodeURIComponent(String(record.id))}/actions/rotate-secret`,
      );
      setSecret(answer.data.secret);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" onClick={() => void rotate()}>
        {translate('console.webhooks.rotate_secret')}
      </Button>
      <OnceShownSecret
        title="console.secret.webhooks"
        value={secret}
        onClose={() => {
          setSecret(undefined);
          refresh();
        }}
      />
    </>
  );
}

const shared = definitionPages(resourceConfig('webhooks')!, referenceTitle, { editActions: <RotateSecretButton /> });

/** The webhook's delivery log, newest first, and a replay of its events since a time (or all of them). */
function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = usePermitted('integrations:write');
  const [since, setSince] = useState('');
  const queryKey = ['webhooks', webhookId, 'deliveries'];
  const { data: deliveries = [], isPending } = useQuery({
    queryKey,
    queryFn: async () => (await operatorRequest<{ data: Delivery[] }>('GET', `/webhooks/${encodeURIComponent(webhookId)}/deliveries`)).data,
  });
  const replay = async () => {
    try {
      const answer = await operatorRequest<{ data: { queued: number } }>(
        'POST',
        `/webhooks/${encodeURIComponent(webhookId)}/actions/replay`,
        {
          body: since.trim() === '' ? {} : { since: since.trim() },
        },
      );
      notify('console.webhooks.replayed', { type: 'info', messageArgs: { smart_count: answer.data.queued } });
      await queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('console.webhooks.deliveries')}
        </Typography>
        {canWrite && (
          <Stack direction="row" spacing={2} sx={{ my: 2 }} alignItems="center">
            <MuiTextField
              size="small"
              label={translate('console.webhooks.since')}
              helperText={translate('console.webhooks.since_hint')}
              value={since}
              onChange={(event) => setSince(event.target.value)}
            />
            <Button variant="outlined" onClick={() => void replay()}>
              {translate('console.webhooks.replay')}
            </Button>
          </Stack>
        )}
        {!isPending && deliveries.length === 0 ? (
          <Typography>{translate('console.webhooks.no_deliveries')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('console.webhooks.deliveries')}>
            <TableHead>
              <TableRow>
                {['event_type', 'status', 'attempts', 'last_status_code', 'delivered_at', 'last_error'].map((column) => (
                  <TableCell key={column}>{translate(`console.webhooks.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.map((delivery) => (
                <TableRow key={delivery.event_id}>
                  <TableCell>{delivery.event_type}</TableCell>
                  <TableCell>{translate(`console.webhooks.status.${delivery.status}`)}</TableCell>
                  <TableCell>{delivery.attempts}</TableCell>
                  <TableCell>{delivery.last_status_code ?? ''}</TableCell>
                  <TableCell>{delivery.delivered_at ? new Date(delivery.delivered_at).toLocaleString() : ''}</TableCell>
                  <TableCell>{delivery.last_error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** A webhook's form with its delivery log beneath. */
export function WebhookEdit() {
  const webhookId = useGetRecordId();
  const Edit = shared.edit!;
  return (
    <Box>
      <Edit />
      <WebhookDeliveries webhookId={String(webhookId)} />
    </Box>
  );
}
