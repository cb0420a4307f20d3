import {
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { HttpError, NumberInput, SelectInput, TextInput, maxValue, minValue, required, useTranslate } from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { ReferenceOneInput, ReferencesInput } from '../resources/reference-inputs';

const T = 'console.segment_conditions';

const GROUP_KINDS = ['all', 'any', 'not'] as const;

/** Every field of a condition with a message-catalogue label (`console.segment_conditions.field.<name>`). */
const label = (field: string) => `${T}.field.${field}`;

const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'gender',
  'language_id',
  'city',
  'zip',
  'country_code',
  'store_id',
  'state',
];
const PROFILE_OPS = ['one_of', 'contains', 'present', 'absent'];
const PROPERTY_OPS = ['one_of', 'present', 'absent', 'at_least', 'at_most'];

/** A list typed one value a line; blank lines stay while typing and are dropped before sending. */
const linesFormat = (value: unknown) => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');
const linesParse = (text: string) => text.split('\n');

const days = (source: string) => (
  <NumberInput source={`${source}.days`} label={label('days')} helperText={`${T}.days_hint`} validate={[minValue(1), maxValue(3650)]} />
);
const bounds = (source: string, low: string, high: string) => (
  <Stack direction="row" spacing={2}>
    <NumberInput source={`${source}.${low}`} label={label(low)} validate={minValue(0)} />
    <NumberInput source={`${source}.${high}`} label={label(high)} validate={minValue(0)} />
  </Stack>
);
const values = (source: string) => (
  <TextInput
    source={`${source}.values`}
    label={label('values')}
    helperText={`${T}.values_hint`}
    multiline
    fullWidth
    format={linesFormat}
    parse={linesParse}
    validate={required()}
  />
);

function ProfileInputs({ source }: { source: string }) {
  const op = useWatch({ name: `${source}.op` }) as string | undefined;
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={2}>
        <SelectInput
          source={`${source}.field`}
          label={label('profile_field')}
          choices={PROFILE_FIELDS.map((id) => ({ id, name: `${T}.profile_fields.${id}` }))}
          validate={required()}
        />
        <SelectInput
          source={`${source}.op`}
          label={label('op')}
          choices={PROFILE_OPS.map((id) => ({ id, name: `${T}.ops.${id}` }))}
          validate={required()}
        />
      </Stack>
      {(op === 'one_of' || op === 'contains') && values(source)}
    </Box>
  );
}

function PropertyInputs({ source }: { source: string }) {
  const op = useWatch({ name: `${source}.op` }) as string | undefined;
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={2}>
        <TextInput source={`${source}.property_id`} label={label('property_id')} validate={required()} />
        <SelectInput
          source={`${source}.op`}
          label={label('op')}
          choices={PROPERTY_OPS.map((id) => ({ id, name: `${T}.ops.${id}` }))}
          validate={required()}
        />
      </Stack>
      {op === 'one_of' && values(source)}
      {(op === 'at_least' || op === 'at_most') && <NumberInput source={`${source}.value`} label={label('value')} validate={required()} />}
    </Box>
  );
}

/**
 * The inputs of each condition kind of the schema, at the fields the API has them, so a refusal the server
 * names (`conditions.conditions.1.days`) lands on its input. An event's property filter is kept as it is, not edited.
 */
const LEAF_KINDS: Record<string, (source: string) => ReactElement> = {
  profile: (source) => <ProfileInputs source={source} />,
  property: (source) => <PropertyInputs source={source} />,
  status: (source) => (
    <ReferencesInput source={`${source}.status_ids`} reference="statuses" label={label('status_ids')} validate={required()} />
  ),
  consent: (source) => (
    <ReferenceOneInput source={`${source}.agreement_id`} reference="agreements" label={label('agreement_id')} validate={required()} />
  ),
  age: (source) => bounds(source, 'min', 'max'),
  birthday: (source) => (
    <NumberInput source={`${source}.within_days`} label={label('within_days')} validate={[required(), minValue(0), maxValue(365)]} />
  ),
  card_type: (source) => (
    <ReferencesInput source={`${source}.card_type_ids`} reference="card-types" label={label('card_type_ids')} validate={required()} />
  ),
  purchases: (source) => (
    <Box sx={{ width: '100%' }}>
      {days(source)}
      <ReferencesInput source={`${source}.store_ids`} reference="stores" label={label('store_ids')} />
      {bounds(source, 'count_min', 'count_max')}
      {bounds(source, 'amount_min', 'amount_max')}
    </Box>
  ),
  bought: (source) => (
    <Box sx={{ width: '100%' }}>
      {days(source)}
      <ReferencesInput source={`${source}.product_ids`} reference="products" label={label('product_ids')} />
      <ReferencesInput source={`${source}.product_group_ids`} reference="product-groups" label={label('product_group_ids')} />
      <ReferencesInput source={`${source}.product_brand_ids`} reference="product-brands" label={label('product_brand_ids')} />
      <ReferencesInput source={`${source}.tag_ids`} reference="tags" label={label('tag_ids')} />
    </Box>
  ),
  last_purchase: (source) => (
    <NumberInput source={`${source}.more_than_days`} label={label('more_than_days')} validate={[required(), minValue(0), maxValue(3650)]} />
  ),
  points_balance: (source) => bounds(source, 'min', 'max'),
  points_earned: (source) => (
    <Box sx={{ width: '100%' }}>
      {days(source)}
      {bounds(source, 'min', 'max')}
    </Box>
  ),
  vouchers_used: (source) => (
    <Box sx={{ width: '100%' }}>
      {days(source)}
      <ReferencesInput source={`${source}.reward_ids`} reference="rewards" label={label('reward_ids')} />
      {bounds(source, 'count_min', 'count_max')}
    </Box>
  ),
  event: (source) => (
    <Box sx={{ width: '100%' }}>
      <ReferenceOneInput
        source={`${source}.event_type`}
        reference="event-types"
        keyField="text_id"
        label={label('event_type')}
        validate={required()}
      />
      {days(source)}
      {bounds(source, 'count_min', 'count_max')}
    </Box>
  ),
  segment: (source) => (
    <ReferenceOneInput source={`${source}.segment_id`} reference="segments" label={label('segment_id')} validate={required()} />
  ),
};

const KINDS = [...GROUP_KINDS, ...Object.keys(LEAF_KINDS)];

/** What a node becomes when its kind is chosen: a group keeps the rows it had, anything else starts empty. */
function nodeOf(kind: string, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const rows = Array.isArray(previous?.conditions) ? previous.conditions : previous?.condition ? [previous.condition] : undefined;
  if (kind === 'all' || kind === 'any') return { kind, conditions: rows ?? [{ kind: 'profile' }] };
  if (kind === 'not') return { kind, condition: rows?.[0] ?? { kind: 'profile' } };
  return { kind };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The tree as the API takes it: blank bounds and lists left out (the schema refuses a null), lists typed
 * a value a line trimmed, blank lines dropped. Anything else is sent as the operator built it.
 */
export function tidySegmentConditions(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node ?? null;
  const tidy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(node as Record<string, unknown>)) {
    if (field === 'conditions' && Array.isArray(value)) tidy[field] = value.map(tidySegmentConditions);
    else if (field === 'condition') tidy[field] = tidySegmentConditions(value);
    else if (field === 'values' && Array.isArray(value)) {
      const typed = value.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => !isBlank(item));
      if (typed.length > 0) tidy[field] = typed;
    } else if (!isBlank(value)) tidy[field] = value;
  }
  return tidy;
}

function ConditionNode({ source, onRemove, depth }: { source: string; onRemove?: () => void; depth: number }) {
  const translate = useTranslate();
  const { getValues, setValue, getFieldState, formState } = useFormContext();
  const kind = (useWatch({ name: `${source}.kind` }) as string | undefined) ?? '';
  const kindError = getFieldState(`${source}.kind`, formState).error?.message;
  const group = kind === 'all' || kind === 'any' || kind === 'not';
  return (
    <Box
      component="fieldset"
      aria-label={translate(group ? `${T}.group_label` : `${T}.row_label`, { kind: translate(`${T}.kinds.${kind || 'none'}`) })}
      sx={{ border: group ? 1 : 0, borderColor: 'divider', borderRadius: 1, p: group ? 1.5 : 0, m: 0, mb: 1, width: '100%' }}
    >
      <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ flexWrap: 'wrap' }}>
        <MuiTextField
          select
          size="small"
          sx={{ width: 260, flexShrink: 0 }}
          label={translate(group ? `${T}.group_kind` : `${T}.condition_kind`)}
          value={kind}
          error={kindError !== undefined}
          helperText={kindError}
          onChange={(event) =>
            setValue(source, nodeOf(event.target.value, getValues(source) as Record<string, unknown>), { shouldDirty: true })
          }
        >
          {KINDS.map((candidate) => (
            <MenuItem key={candidate} value={candidate}>
              {translate(`${T}.kinds.${candidate}`)}
            </MenuItem>
          ))}
        </MuiTextField>
        {!group && kind in LEAF_KINDS && <Box sx={{ flex: 1, minWidth: 240 }}>{LEAF_KINDS[kind](source)}</Box>}
        {onRemove && (
          <Button size="small" onClick={onRemove}>
            {translate(group ? `${T}.remove_group` : `${T}.remove_condition`)}
          </Button>
        )}
      </Stack>
      {(kind === 'all' || kind === 'any') && <GroupRows source={`${source}.conditions`} depth={depth + 1} />}
      {kind === 'not' && (
        <Box sx={{ pl: 2, mt: 1 }}>
          <ConditionNode source={`${source}.condition`} depth={depth + 1} />
        </Box>
      )}
    </Box>
  );
}

function GroupRows({ source, depth }: { source: string; depth: number }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: source });
  return (
    <Box sx={{ pl: 2, mt: 1 }}>
      {fields.map((field, index) => (
        <ConditionNode
          key={field.id}
          source={`${source}.${index}`}
          depth={depth}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => append({ kind: 'profile' })}>
          {translate(`${T}.add_condition`)}
        </Button>
        <Button size="small" onClick={() => append({ kind: 'any', conditions: [{ kind: 'profile' }] })}>
          {translate(`${T}.add_group`)}
        </Button>
      </Stack>
    </Box>
  );
}

interface Preview {
  size: number;
  sample: { customer_id: string; first_name: string | null; last_name: string | null; email: string | null }[];
}

/** Asks the API what the tree holds now, writing nothing; a refused field is marked as a save would mark it. */
function PreviewButton({ source }: { source: string }) {
  const translate = useTranslate();
  const { getValues, setError, clearErrors } = useFormContext();
  const [preview, setPreview] = useState<Preview | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setRefusal(undefined);
    clearErrors();
    try {
      const answer = await operatorRequest<{ data: Preview }>('POST', '/segments/actions/preview', {
        body: { conditions: tidySegmentConditions(getValues(source)) },
      });
      setPreview(answer.data);
    } catch (error) {
      setPreview(undefined);
      setRefusal(error instanceof Error ? error.message : String(error));
      const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> } | undefined)?.errors : undefined;
      for (const [field, message] of Object.entries(errors ?? {}))
        if (field !== 'root' && typeof message === 'string') setError(field, { type: 'server', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Button variant="outlined" size="small" disabled={busy} onClick={() => void run()}>
        {translate(`${T}.preview`)}
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {refusal && (
          <Typography variant="body2" color="error">
            {refusal}
          </Typography>
        )}
        {preview && (
          <>
            <Typography variant="body2">{translate(`${T}.preview_size`, { smart_count: preview.size })}</Typography>
            {preview.sample.length > 0 && (
              <Table size="small" aria-label={translate(`${T}.preview_sample`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(`${T}.preview_name`)}</TableCell>
                    <TableCell>{translate(`${T}.preview_email`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.sample.map((member) => (
                    <TableRow key={member.customer_id}>
                      <TableCell>{[member.first_name, member.last_name].filter(Boolean).join(' ')}</TableCell>
                      <TableCell>{member.email}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * A segment's condition tree: groups (all, any, not) of rows, each row a condition kind and its inputs.
 * Without a tree the segment is static (members added by hand); the operator may start one, or drop it.
 */
export function SegmentConditionsInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const tree = useWatch({ name: source }) as unknown;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`${T}.title`)}
      </Typography>
      {tree ? (
        <>
          <ConditionNode source={source} depth={0} />
          <Button size="small" onClick={() => setValue(source, null, { shouldDirty: true })}>
            {translate(`${T}.make_static`)}
          </Button>
          <PreviewButton source={source} />
        </>
      ) : (
        <>
          <Typography variant="body2">{translate(`${T}.static`)}</Typography>
          <Button size="small" onClick={() => setValue(source, { kind: 'all', conditions: [{ kind: 'profile' }] }, { shouldDirty: true })}>
            {translate(`${T}.define`)}
          </Button>
        </>
      )}
    </Box>
  );
}
