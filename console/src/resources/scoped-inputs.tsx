import { useFormContext } from 'react-hook-form';
import {
  ArrayInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  minValue,
  required,
  useRecordContext,
  useSourceContext,
} from 'react-admin';
import { ReferenceOneInput, ReferencesInput } from './reference-inputs';

const SCOPES = ['project', 'partner', 'store'];
const SCOPE_REFERENCE: Record<string, string> = { partner: 'partners', store: 'stores' };

/** A select that empties `dependent` when its value changes: what the dependent picker held named a record of another kind. */
function ClearingSelectInput({ dependent, ...props }: Parameters<typeof SelectInput>[0] & { dependent: string }) {
  const { setValue } = useFormContext();
  const sourceContext = useSourceContext();
  return (
    <SelectInput
      {...props}
      onChange={() => setValue(sourceContext.getSource(dependent), null, { shouldDirty: true, shouldValidate: false })}
    />
  );
}

/**
 * A loyalty rule's values, one row a scope: the project, a partner or a store, picked by name from the
 * kind the scope names. Only the scopes the rule may be set in are offered.
 */
export function LoyaltyRuleValuesInput({ source }: { source: string }) {
  const record = useRecordContext();
  const scopes = Array.isArray(record?.scopes) ? (record.scopes as string[]) : SCOPES;
  return (
    <ArrayInput source={source} label="console.loyalty_rules.values" validate={required()}>
      <SimpleFormIterator disableReordering inline>
        <ClearingSelectInput
          source="scope"
          dependent="scope_id"
          label="console.loyalty_rules.scope"
          choices={scopes.map((scope) => ({ id: scope, name: `console.loyalty_rules.scopes.${scope}` }))}
          validate={required()}
        />
        <FormDataConsumer>
          {({ scopedFormData }) => {
            const reference = SCOPE_REFERENCE[(scopedFormData as { scope?: string } | undefined)?.scope ?? ''];
            return reference ? (
              <ReferenceOneInput
                key={reference}
                source="scope_id"
                reference={reference}
                label={`console.loyalty_rules.scope_id.${reference}`}
                validate={required()}
              />
            ) : null;
          }}
        </FormDataConsumer>
        <TextInput source="value" label="console.loyalty_rules.value" validate={required()} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

const RELATED_TO = ['product', 'product_group', 'product_brand', 'purchase_amount'];
const RELATED_REFERENCE: Record<string, string> = {
  product: 'products',
  product_group: 'product-groups',
  product_brand: 'product-brands',
};
const S = 'console.stamper';

function DescriptionsInput() {
  return (
    <ArrayInput source="descriptions" label={`${S}.descriptions`}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="language_code" label="console.fields.language_code" validate={required()} sx={{ width: 120 }} />
        <TextInput source="text" label="console.fields.text" validate={required()} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * What earns a stamp, one row a condition: what it counts, the products, groups or brands counted (picked
 * by name from the kind chosen) and the quantity or amount a purchase needs. A row keeps its id, so the
 * stamps it earned keep naming it.
 */
export function StamperConditionsInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={`${S}.conditions`} validate={required()}>
      <SimpleFormIterator disableReordering fullWidth>
        <ClearingSelectInput
          source="related_to"
          dependent="related_ids"
          label={`${S}.related_to`}
          choices={RELATED_TO.map((kind) => ({ id: kind, name: `${S}.related_to_choices.${kind}` }))}
          validate={required()}
        />
        <FormDataConsumer>
          {({ scopedFormData }) => {
            const reference = RELATED_REFERENCE[(scopedFormData as { related_to?: string } | undefined)?.related_to ?? ''];
            return reference ? (
              <ReferencesInput
                key={reference}
                source="related_ids"
                reference={reference}
                label={`${S}.related_ids.${reference}`}
                validate={required()}
              />
            ) : null;
          }}
        </FormDataConsumer>
        <NumberInput source="minimum_quantity" label={`${S}.minimum_quantity`} validate={minValue(0.001)} />
        <NumberInput source="minimum_amount" label={`${S}.minimum_amount`} validate={minValue(0.01)} />
        <NumberInput source="max_stamps_per_purchase" label={`${S}.max_stamps_per_purchase`} validate={minValue(1)} />
        <DescriptionsInput />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Stamps that issue a voucher of their own before the card is full: the stamp's number and the reward, picked by name. */
export function StamperCheckpointsInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source} label={`${S}.checkpoints`}>
      <SimpleFormIterator disableReordering fullWidth>
        <NumberInput source="stamp_number" label={`${S}.stamp_number`} validate={[required(), minValue(1)]} />
        <ReferenceOneInput source="reward_id" reference="rewards" label={`${S}.reward_id`} validate={required()} />
        <DescriptionsInput />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
