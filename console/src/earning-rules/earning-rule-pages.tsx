import { Box, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  DateTimeInput,
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SimpleFormIterator,
  minValue,
  required,
  useGetOne,
  useGetRecordId,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { RaRecord } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { operatorRequest } from '../api/operator-client';
import { definitionPages, tidyForWrite } from '../resources/definition-pages';
import { referenceTitle, resourceConfig } from '../resources/registry';
import { ReferenceOneInput } from '../resources/reference-inputs';

const T = 'console.earning_rules';
const config = resourceConfig('earning-rules')!;
const shared = definitionPages(config, referenceTitle);

interface Grant {
  rule: string;
  kind: string;
  points?: number;
  amount?: number;
  reward_id?: string;
  stamper_campaign_id?: string;
  stamps?: number;
}

interface Simulation {
  grants: Grant[];
  points: number;
  credits: number;
}

interface SimulationForm {
  at?: string | null;
  store_id?: string;
  payment_type_id?: string;
  customer_id?: string;
  total?: number | null;
  lines?: { product_id?: string; quantity: number; amount: number }[];
}

const customerName = (record: RaRecord) => [record.first_name, record.last_name, record.email].filter(Boolean).join(' ');

/** What a grant gives, as the operator reads it. */
function granted(grant: Grant, translate: ReturnType<typeof useTranslate>): string {
  if (grant.kind === 'points') return translate(`${T}.simulation.points`, { smart_count: grant.points ?? 0 });
  if (grant.kind === 'credits') return translate(`${T}.simulation.credits`, { amount: grant.amount ?? 0 });
  if (grant.kind === 'stamp') return translate(`${T}.simulation.stamps`, { smart_count: grant.stamps ?? 0 });
  return translate(`${T}.simulation.voucher`, { reward: grant.reward_id ?? '' });
}

/**
 * A bill and a customer weighed under the active rules (`POST /earning-rules/actions/simulate`): what each
 * rule would grant. A deactivated rule is weighed beside them as a draft, so its page shows what it would do.
 */
function SimulationPanel({ ruleId }: { ruleId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: record } = useGetOne('earning-rules', { id: ruleId });
  const [result, setResult] = useState<Simulation | undefined>();
  if (!record) return null;
  const simulate = async (values: SimulationForm) => {
    const draft = record.state === 0 ? [tidyForWrite(config, definitionOf(record))] : [];
    try {
      const answer = await operatorRequest<{ data: Simulation }>('POST', '/earning-rules/actions/simulate', {
        body: {
          ...(values.at ? { at: values.at } : {}),
          ...(values.store_id ? { store_id: values.store_id } : {}),
          ...(values.payment_type_id ? { payment_type_id: values.payment_type_id } : {}),
          ...(values.customer_id ? { customer_id: values.customer_id } : {}),
          ...(typeof values.total === 'number' ? { total: values.total } : {}),
          lines: (values.lines ?? []).map((line) => ({
            ...(line.product_id ? { product_id: line.product_id } : {}),
            quantity: line.quantity,
            amount: line.amount,
          })),
          ...(draft.length > 0 ? { draft_rules: draft } : {}),
        },
      });
      setResult(answer.data);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${T}.simulation.title`)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate(record.state === 0 ? `${T}.simulation.hint_inactive` : `${T}.simulation.hint`)}
        </Typography>
        <Form
          onSubmit={(values: FieldValues) => simulate(values as SimulationForm)}
          defaultValues={{ lines: [{ quantity: 1, amount: 0 }] }}
        >
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
            <DateTimeInput
              source="at"
              label={`${T}.simulation.at`}
              parse={(value: string) => (value ? new Date(value).toISOString() : null)}
            />
            <Box sx={{ minWidth: 240 }}>
              <ReferenceOneInput source="store_id" reference="stores" label={`${T}.simulation.store`} />
            </Box>
            <Box sx={{ minWidth: 240 }}>
              <ReferenceOneInput source="payment_type_id" reference="payment-types" label={`${T}.simulation.payment_type`} />
            </Box>
            <NumberInput source="total" label={`${T}.simulation.total`} helperText={`${T}.simulation.total_hint`} validate={minValue(0)} />
          </Stack>
          <ReferenceInput source="customer_id" reference="customers">
            <AutocompleteInput
              label={`${T}.simulation.customer`}
              helperText={`${T}.simulation.customer_hint`}
              fullWidth
              optionText={customerName}
              filterToQuery={(q: string) => ({ q })}
            />
          </ReferenceInput>
          <ArrayInput source="lines" label={`${T}.simulation.lines`}>
            <SimpleFormIterator inline disableReordering>
              <Box sx={{ minWidth: 240 }}>
                <ReferenceOneInput source="product_id" reference="products" label={`${T}.simulation.product_id`} />
              </Box>
              <NumberInput source="quantity" label={`${T}.simulation.quantity`} validate={[required(), minValue(0)]} />
              <NumberInput source="amount" label={`${T}.simulation.amount`} validate={[required(), minValue(0)]} />
            </SimpleFormIterator>
          </ArrayInput>
          <SaveButton label={`${T}.simulation.run`} icon={<span />} alwaysEnable />
        </Form>
        {result && (
          <Box sx={{ mt: 2 }}>
            <Table size="small" aria-label={translate(`${T}.simulation.grants`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.simulation.rule`)}</TableCell>
                  <TableCell>{translate(`${T}.simulation.grant`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.grants.map((grant, index) => (
                  <TableRow key={`${grant.rule}-${index}`}>
                    <TableCell>
                      {grant.rule === 'points_per_currency_unit' ? translate(`${T}.simulation.default_rule`) : grant.rule}
                    </TableCell>
                    <TableCell>{granted(grant, translate)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography sx={{ mt: 1 }} role="status">
              {translate(`${T}.simulation.total_earned`, { points: result.points, credits: result.credits })}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The rule's definition as `define` takes it, without what the API adds to its view. */
function definitionOf(record: RaRecord): RaRecord {
  const {
    id: _id,
    earning_rule_id: _ruleId,
    state: _state,
    granted_points: _points,
    granted_money: _money,
    last_change: _change,
    ...definition
  } = record;
  return definition as RaRecord;
}

/** An earning rule's form with the simulation beneath. */
export function EarningRuleEdit() {
  const ruleId = useGetRecordId();
  const Edit = shared.edit!;
  return (
    <Box>
      <Edit />
      <SimulationPanel ruleId={String(ruleId)} />
    </Box>
  );
}
