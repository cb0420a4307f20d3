import { Box, Button, MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  ArrayInput,
  CheckboxGroupInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { ReferenceOneInput, ReferencesInput } from '../resources/reference-inputs';

const T = 'console.earning_rules';

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const hour = (value: unknown) => (value && !HOUR.test(String(value)) ? `${T}.errors.hour` : undefined);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ id: day, name: `${T}.weekdays.${day}` }));

interface ConditionKind {
  kind: string;
  /** The fields of the API's `conditions` this kind sets. */
  fields: string[];
  inputs: (source: string) => ReactElement;
}

const references = (field: string, reference: string, keyField?: string): ConditionKind => ({
  kind: field,
  fields: [field],
  inputs: (source) => (
    <ReferencesInput source={`${source}.${field}`} reference={reference} keyField={keyField} label={`${T}.condition.${field}`} />
  ),
});

const amount = (field: string): ConditionKind => ({
  kind: field,
  fields: [field],
  inputs: (source) => <NumberInput source={`${source}.${field}`} label={`${T}.condition.${field}`} validate={[required(), minValue(0)]} />,
});

/** The catalogue a bill's lines are matched against, each searched by name or code. */
const ITEM_REFERENCES = [
  ['product_ids', 'products'],
  ['product_group_ids', 'product-groups'],
  ['product_brand_ids', 'product-brands'],
] as const;

/** Every condition the API knows, each with the inputs it needs. */
export const CONDITION_KINDS: ConditionKind[] = [
  amount('bill_total_min'),
  amount('paid_min'),
  {
    kind: 'items',
    fields: ['items'],
    inputs: (source) => (
      <Box sx={{ width: '100%' }}>
        {ITEM_REFERENCES.map(([field, reference]) => (
          <ReferencesInput key={field} source={`${source}.items.${field}`} reference={reference} label={`${T}.condition.items.${field}`} />
        ))}
        <ReferencesInput source={`${source}.items.tags`} reference="tags" label={`${T}.condition.items.tags`} />
        <Stack direction="row" spacing={2}>
          <NumberInput source={`${source}.items.min_quantity`} label={`${T}.condition.items.min_quantity`} validate={minValue(0)} />
          <NumberInput source={`${source}.items.min_amount`} label={`${T}.condition.items.min_amount`} validate={minValue(0)} />
        </Stack>
      </Box>
    ),
  },
  references('store_ids', 'stores'),
  references('store_group_ids', 'store-groups'),
  references('partner_ids', 'partners'),
  references('payment_type_ids', 'payment-types'),
  {
    kind: 'weekdays',
    fields: ['weekdays'],
    inputs: (source) => (
      <CheckboxGroupInput source={`${source}.weekdays`} label={`${T}.condition.weekdays`} choices={WEEKDAYS} validate={required()} />
    ),
  },
  {
    kind: 'hours',
    fields: ['hours_from', 'hours_to'],
    inputs: (source) => (
      <Stack direction="row" spacing={2}>
        {['hours_from', 'hours_to'].map((field) => (
          <TextInput
            key={field}
            source={`${source}.${field}`}
            label={`${T}.condition.${field}`}
            helperText={`${T}.hour_hint`}
            validate={[required(), hour]}
          />
        ))}
      </Stack>
    ),
  },
  references('status_ids', 'statuses'),
  references('segment_ids', 'segments'),
  {
    kind: 'age',
    fields: ['age_min', 'age_max'],
    inputs: (source) => (
      <Stack direction="row" spacing={2}>
        <NumberInput source={`${source}.age_min`} label={`${T}.condition.age_min`} validate={minValue(0)} />
        <NumberInput source={`${source}.age_max`} label={`${T}.condition.age_max`} validate={minValue(0)} />
      </Stack>
    ),
  },
  references('consent_ids', 'agreements'),
  {
    kind: 'first_purchase',
    fields: ['first_purchase'],
    inputs: (source) => (
      <SelectInput
        source={`${source}.first_purchase`}
        label={`${T}.condition.first_purchase`}
        choices={[
          { id: true, name: `${T}.first_purchase.true` },
          { id: false, name: `${T}.first_purchase.false` },
        ]}
        validate={required()}
      />
    ),
  },
  references('event_types', 'event-types', 'text_id'),
];

const given = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((inner) => !given(inner)));

/**
 * The rule's conditions as a list the operator adds to: each row a kind and the inputs it needs. The
 * values stay where the API has them (`conditions.store_ids`), so a refusal from the server is marked on
 * its input; removing a row, or choosing another kind, clears what the row had set.
 */
export function ConditionsInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [rows, setRows] = useState<string[]>(() => {
    const conditions = (getValues(source) ?? {}) as Record<string, unknown>;
    return CONDITION_KINDS.filter((kind) => kind.fields.some((field) => given(conditions[field]))).map((kind) => kind.kind);
  });
  const clear = (kind: string) => {
    for (const field of CONDITION_KINDS.find((candidate) => candidate.kind === kind)?.fields ?? [])
      setValue(`${source}.${field}`, null, { shouldDirty: true });
  };
  const unused = CONDITION_KINDS.filter((kind) => !rows.includes(kind.kind));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`${T}.conditions`)}
      </Typography>
      {rows.length === 0 && <Typography variant="body2">{translate(`${T}.no_conditions`)}</Typography>}
      {rows.map((kind, index) => (
        <Stack key={kind} direction="row" spacing={2} alignItems="flex-start" sx={{ mb: 1 }}>
          <MuiTextField
            select
            size="small"
            sx={{ width: 240, flexShrink: 0 }}
            label={translate(`${T}.condition_kind`)}
            value={kind}
            onChange={(event) => {
              clear(kind);
              setRows(rows.map((row, at) => (at === index ? event.target.value : row)));
            }}
          >
            {CONDITION_KINDS.filter((candidate) => candidate.kind === kind || !rows.includes(candidate.kind)).map((candidate) => (
              <MenuItem key={candidate.kind} value={candidate.kind}>
                {translate(`${T}.condition_kinds.${candidate.kind}`)}
              </MenuItem>
            ))}
          </MuiTextField>
          <Box sx={{ flex: 1, minWidth: 0 }}>{CONDITION_KINDS.find((candidate) => candidate.kind === kind)!.inputs(source)}</Box>
          <Button
            size="small"
            onClick={() => {
              clear(kind);
              setRows(rows.filter((row) => row !== kind));
            }}
          >
            {translate(`${T}.remove_condition`)}
          </Button>
        </Stack>
      ))}
      {unused.length > 0 && (
        <Button size="small" onClick={() => setRows([...rows, unused[0].kind])}>
          {translate(`${T}.add_condition`)}
        </Button>
      )}
    </Box>
  );
}

export const EFFECT_KINDS = ['points_per_currency_unit', 'fixed_points', 'points_per_item', 'credits', 'reward_voucher', 'stamp'] as const;

/** The fields of an effect each kind takes; any other is dropped before the rule is sent. */
export const EFFECT_FIELDS: Record<string, string[]> = {
  points_per_currency_unit: ['on', 'rate', 'multiplier'],
  fixed_points: ['points'],
  points_per_item: ['points'],
  credits: ['amount', 'credit_type_id'],
  reward_voucher: ['reward_id'],
  stamp: ['stamper_campaign_id', 'stamps'],
};

function EffectFields({ kind }: { kind: string | undefined }) {
  const label = (field: string) => `${T}.effect.${field}`;
  switch (kind) {
    case 'points_per_currency_unit':
      return (
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          <SelectInput
            source="on"
            label={label('on')}
            choices={['bill', 'matching_lines'].map((on) => ({ id: on, name: `${T}.effect.on_choices.${on}` }))}
            defaultValue="bill"
          />
          <NumberInput source="rate" label={label('rate')} helperText={`${T}.effect.rate_hint`} validate={minValue(0)} />
          <NumberInput source="multiplier" label={label('multiplier')} defaultValue={1} validate={minValue(0)} />
        </Stack>
      );
    case 'fixed_points':
    case 'points_per_item':
      return (
        <NumberInput
          source="points"
          label={label(kind === 'fixed_points' ? 'points' : 'points_per_item')}
          validate={[required(), minValue(0.01)]}
        />
      );
    case 'credits':
      return (
        <Stack direction="row" spacing={2}>
          <NumberInput source="amount" label={label('amount')} validate={[required(), minValue(0.01)]} />
          <ReferenceOneInput
            source="credit_type_id"
            reference="credit-types"
            label={label('credit_type_id')}
            helperText={`${T}.effect.credit_type_hint`}
          />
        </Stack>
      );
    case 'reward_voucher':
      return <ReferenceOneInput source="reward_id" reference="rewards" label={label('reward_id')} validate={required()} />;
    case 'stamp':
      return (
        <Stack direction="row" spacing={2}>
          <ReferenceOneInput
            source="stamper_campaign_id"
            reference="stamper-campaigns"
            label={label('stamper_campaign_id')}
            validate={required()}
          />
          <NumberInput source="stamps" label={label('stamps')} defaultValue={1} validate={[required(), minValue(1)]} />
        </Stack>
      );
    default:
      return null;
  }
}

/** What the rule grants: one or more effects, each a kind and the fields it takes. */
export function EffectsInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={`${T}.effects`} validate={required()}>
      <SimpleFormIterator disableReordering fullWidth>
        <SelectInput
          source="kind"
          label={`${T}.effect_kind`}
          choices={EFFECT_KINDS.map((kind) => ({ id: kind, name: `${T}.effect_kinds.${kind}` }))}
          validate={required()}
        />
        <FormDataConsumer>
          {({ scopedFormData }) => <EffectFields kind={(scopedFormData as { kind?: string } | undefined)?.kind} />}
        </FormDataConsumer>
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const PERIODS = ['day', 'week', 'month', 'lifetime'];

/** How often one customer may be granted the rule per period, and what it may grant in all. */
export function LimitsInput({ source }: { source: string }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`${T}.limits`)}
      </Typography>
      <ArrayInput source={`${source}.per_customer`} label={`${T}.per_customer`}>
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="period"
            label={`${T}.period`}
            choices={PERIODS.map((period) => ({ id: period, name: `${T}.periods.${period}` }))}
            validate={required()}
          />
          <NumberInput source="times" label={`${T}.times`} validate={[required(), minValue(1)]} />
        </SimpleFormIterator>
      </ArrayInput>
      <Stack direction="row" spacing={2}>
        <NumberInput source={`${source}.budget_points`} label={`${T}.budget_points`} validate={minValue(0)} />
        <NumberInput source={`${source}.budget_money`} label={`${T}.budget_money`} validate={minValue(0)} />
      </Stack>
    </Box>
  );
}

/** Conditions as the API takes them: a condition left empty is none. */
export function tidyConditions(conditions: unknown): Record<string, unknown> | undefined {
  if (!conditions || typeof conditions !== 'object') return undefined;
  const tidy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(conditions as Record<string, unknown>)) {
    if (field === 'items' && value && typeof value === 'object') {
      const items = Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, inner]) => given(inner)));
      if (Object.keys(items).length > 0) tidy.items = items;
    } else if (given(value)) tidy[field] = value;
  }
  return tidy;
}

/** Each effect with only the fields its kind takes, so a kind changed in the form leaves nothing of the one before. */
export function tidyEffects(effects: unknown): unknown {
  if (!Array.isArray(effects)) return effects;
  return effects.map((effect: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(effect).filter(
        ([field, value]) => field === 'kind' || ((EFFECT_FIELDS[String(effect.kind)] ?? []).includes(field) && given(value)),
      ),
    ),
  );
}
