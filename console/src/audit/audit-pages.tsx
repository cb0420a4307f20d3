import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateTimeInput,
  FunctionField,
  Labeled,
  List,
  ReferenceInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { usePermitted } from '../layout/use-permitted';

/** The browser's local time as the instant the API compares (`from` at or after, `to` before). */
const toInstant = (value: string) => (value ? new Date(value).toISOString() : undefined);

function useAuditFilters() {
  const mayReadUsers = usePermitted('users:read');
  return [
    <TextInput key="target_type" source="target_type" label="console.audit.target_type" alwaysOn resettable />,
    <TextInput key="target_id" source="target_id" label="console.audit.target_id" alwaysOn resettable />,
    // Without users:read the users cannot be searched; the trail still names each writer in its rows.
    ...(mayReadUsers
      ? [
          <ReferenceInput key="user_id" source="user_id" reference="users" alwaysOn>
            <AutocompleteInput
              label="console.audit.user"
              optionText="login"
              filterToQuery={(q: string) => ({ q })}
              sx={{ minWidth: 220 }}
            />
          </ReferenceInput>,
        ]
      : []),
    <DateTimeInput key="from" source="from" label="console.audit.from" parse={toInstant} alwaysOn />,
    <DateTimeInput key="to" source="to" label="console.audit.to" parse={toInstant} alwaysOn />,
  ];
}

/** The audit trail, newest first (the API's only order), filtered by target, user and time. */
export function AuditList() {
  return (
    <List filters={useAuditFilters()} actions={false} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="occurred_at" showTime sortable={false} />
        <TextField source="actor" sortable={false} />
        <TextField source="operation" sortable={false} />
        <TextField source="target_type" sortable={false} />
        <TextField source="target_id" sortable={false} />
        <TextField source="reason" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** A record as the trail keeps it, indented; nothing where the write had no such side (a creation has no before). */
function RecordJson({ source }: { source: 'before' | 'after' }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  return (
    <Box>
      <Typography variant="subtitle2" component="h2">
        {translate(`console.audit.${source}`)}
      </Typography>
      {value === undefined || value === null ? (
        <Typography color="text.secondary">{translate('console.audit.nothing')}</Typography>
      ) : (
        <Box
          component="pre"
          aria-label={translate(`console.audit.${source}`)}
          sx={{ bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto', fontSize: 13, m: 0 }}
        >
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Box>
  );
}

/** One write: who, how, what and why, and the record before and after it side by side. */
export function AuditShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateField source="occurred_at" showTime />
        <TextField source="actor" />
        <FunctionField source="channel" render={(record) => <ChannelName channel={String(record.channel)} />} />
        <TextField source="operation" />
        <TextField source="target_type" />
        <TextField source="target_id" emptyText="-" />
        <TextField source="reason" emptyText="-" />
        <Labeled label="console.audit.change" fullWidth>
          <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
            <RecordJson source="before" />
            <RecordJson source="after" />
          </Box>
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

function ChannelName({ channel }: { channel: string }) {
  const translate = useTranslate();
  return <>{translate(`console.audit.channels.${channel}`, { _: channel })}</>;
}
