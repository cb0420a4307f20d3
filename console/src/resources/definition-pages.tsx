import { Button as MuiButton } from '@mui/material';
import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  DateInput,
  DateTimeInput,
  Edit,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  regex,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { RaRecord } from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { ConditionsInput, EffectsInput, LimitsInput, tidyConditions, tidyEffects } from '../earning-rules/earning-rule-inputs';
import { usePermitted } from '../layout/use-permitted';
import { SegmentConditionsInput, tidySegmentConditions } from '../segments/segment-conditions-input';
import { OnceShownSecret } from './once-shown-secret';
import { valueAt } from './record-values';
import { offersCreate, offersEdit } from './resource-config';
import type { FieldConfig, ResourceConfig } from './resource-config';
import { LoyaltyRuleValuesInput, StamperCheckpointsInput, StamperConditionsInput } from './scoped-inputs';
import { AddressInput, GpsInput, OpeningHoursInput } from './structured-inputs';

const DEFAULT_ACTIONS = ['deactivate', 'activate'] as const;

/** A record's state as its lifecycle names it: 0 is `deactivated`, or `disabled` for users. */
function stateChoices(actions: readonly [string, string] = DEFAULT_ACTIONS) {
  return [
    { id: 1, name: 'console.lifecycle.active' },
    { id: 0, name: `console.lifecycle.after.${actions[0]}` },
  ];
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isEmpty));

/**
 * The form's values as the API takes them: an address or a GPS pair left blank is none at all (not an
 * object of empty fields, which the API refuses), and a password left empty is not sent, so one is generated.
 */
export function tidyForWrite(config: ResourceConfig, data: RaRecord): RaRecord {
  const tidy: RaRecord = { ...data };
  for (const field of config.fields) {
    if ((field.type === 'address' || field.type === 'gps') && isEmpty(tidy[field.source])) tidy[field.source] = null;
    if (field.type === 'password' && isEmpty(tidy[field.source])) delete tidy[field.source];
    if (field.type === 'datetime' && isEmpty(tidy[field.source])) tidy[field.source] = null;
    if (field.type === 'rule-conditions') tidy[field.source] = tidyConditions(tidy[field.source]);
    if (field.type === 'rule-effects') tidy[field.source] = tidyEffects(tidy[field.source]);
    if (field.type === 'segment-conditions') tidy[field.source] = tidySegmentConditions(tidy[field.source]);
  }
  return tidy;
}

function fieldFor(field: FieldConfig, referenceTitle: (resource: string) => string): ReactElement {
  const common = { key: field.source, source: field.source, sortable: field.sortable ?? false };
  switch (field.type) {
    case 'number':
      return <NumberField {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'date':
    case 'datetime':
      return <DateField {...common} showTime={field.type === 'datetime'} />;
    case 'select':
      return <SelectField {...common} choices={field.choices ?? []} />;
    case 'choices':
    case 'references':
      return (
        <FunctionField
          key={field.source}
          source={field.source}
          sortable={false}
          render={(record) => ((valueAt(record, field.source) as unknown[] | undefined) ?? []).join(', ')}
        />
      );
    case 'translations':
      return (
        <FunctionField
          key={field.source}
          source={field.source}
          sortable={false}
          render={(record) =>
            ((valueAt(record, field.source) as { text?: string }[] | undefined) ?? []).map((item) => item.text).join(' / ')
          }
        />
      );
    case 'reference':
      return (
        <ReferenceField {...common} reference={field.reference!} link={false}>
          <FunctionField render={(record) => String(valueAt(record, referenceTitle(field.reference!)) ?? '')} />
        </ReferenceField>
      );
    default:
      return <TextField {...common} />;
  }
}

function jsonText(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const validJson = (value: unknown) => (typeof value === 'string' ? 'console.errors.json' : undefined);

/** The input a field's type asks for; a reference is an autocomplete searching the referenced kind by name. */
export function inputFor(field: FieldConfig, referenceTitle: (resource: string) => string, creating: boolean): ReactElement | null {
  if (field.createOnly && !creating) return null;
  if (field.readOnly) {
    if (creating) return null;
    if (field.type === 'boolean') return <BooleanInput key={field.source} source={field.source} disabled />;
    return <TextInput key={field.source} source={field.source} disabled fullWidth multiline />;
  }
  const validate = [
    ...(field.required ? [required()] : []),
    ...(field.pattern ? [regex(field.pattern, field.patternMessage ?? 'console.errors.pattern')] : []),
  ];
  const common = { key: field.source, source: field.source, validate, fullWidth: true, helperText: field.helper };
  switch (field.type) {
    case 'address':
      return <AddressInput key={field.source} source={field.source} />;
    case 'gps':
      return <GpsInput key={field.source} source={field.source} />;
    case 'opening-hours':
      return <OpeningHoursInput key={field.source} source={field.source} />;
    case 'rule-conditions':
      return <ConditionsInput key={field.source} source={field.source} />;
    case 'rule-effects':
      return <EffectsInput key={field.source} source={field.source} />;
    case 'rule-limits':
      return <LimitsInput key={field.source} source={field.source} />;
    case 'rule-values':
      return <LoyaltyRuleValuesInput key={field.source} source={field.source} />;
    case 'stamper-conditions':
      return <StamperConditionsInput key={field.source} source={field.source} />;
    case 'stamper-checkpoints':
      return <StamperCheckpointsInput key={field.source} source={field.source} />;
    case 'segment-conditions':
      return <SegmentConditionsInput key={field.source} source={field.source} />;
    case 'datetime':
      // Typed in the browser's time zone, sent as an instant.
      return <DateTimeInput {...common} parse={(value: string) => (value ? new Date(value).toISOString() : null)} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'boolean':
      // The API takes false where nothing is ticked: a flag left alone is off, not missing.
      return <BooleanInput {...common} defaultValue={false} />;
    case 'date':
      return <DateInput {...common} />;
    case 'select':
      return <SelectInput {...common} choices={field.choices ?? []} />;
    case 'choices':
      return <CheckboxGroupInput {...common} choices={field.choices ?? []} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'longtext':
      return <TextInput {...common} multiline minRows={3} />;
    case 'translations':
      return (
        <ArrayInput key={field.source} source={field.source} validate={validate}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="language_code" label="console.fields.language_code" validate={required()} sx={{ width: 120 }} />
            <TextInput source="text" label="console.fields.text" validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'json':
      return <TextInput {...common} multiline minRows={4} format={jsonText} parse={parseJson} validate={[...validate, validJson]} />;
    case 'reference': {
      const title = referenceTitle(field.reference!);
      return (
        <ReferenceInput key={field.source} source={field.source} reference={field.reference!} filter={{ state: 1 }}>
          <AutocompleteInput
            validate={validate}
            fullWidth
            optionText={(record) => String(valueAt(record, title) ?? '')}
            optionValue={field.referenceKey}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      );
    }
    case 'references': {
      const title = referenceTitle(field.reference!);
      return (
        <ReferenceArrayInput key={field.source} source={field.source} reference={field.reference!} filter={{ state: 1 }}>
          <AutocompleteArrayInput
            validate={validate}
            fullWidth
            optionText={(record) => String(valueAt(record, title) ?? '')}
            optionValue={field.referenceKey}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceArrayInput>
      );
    }
    default:
      return <TextInput {...common} />;
  }
}

/** Deactivates an active definition, activates a deactivated one: the lifecycle's own actions (a user's: disable, enable). */
export function LifecycleButton({ actions = DEFAULT_ACTIONS }: { actions?: readonly [string, string] }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!record || !resource) return null;
  const active = record.state !== 0;
  const action = active ? actions[0] : actions[1];
  const act = async () => {
    try {
      await operatorRequest('POST', `/${resource}/${encodeURIComponent(String(record.id))}/actions/${action}`);
      notify(`console.lifecycle.done.${action}`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <MuiButton
      size="small"
      onClick={(event) => {
        event.stopPropagation();
        void act();
      }}
    >
      {translate(`console.lifecycle.${action}`)}
    </MuiButton>
  );
}

function FormToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * The shared list, create and edit pages of a resource, from its configuration; `editActions` are buttons
 * of a resource's own beside the lifecycle's on its edit page (a user's password reset).
 */
export function definitionPages(
  config: ResourceConfig,
  referenceTitle: (resource: string) => string,
  { editActions }: { editActions?: ReactNode } = {},
) {
  const listed = config.fields.filter((field) => field.list);
  const STATE_CHOICES = stateChoices(config.lifecycleActions);
  const filters = [
    ...(config.search ? [<TextInput key="q" source="q" alwaysOn label="console.lifecycle.search" resettable />] : []),
    ...(config.lifecycle
      ? [<SelectInput key="state" source="state" label="console.lifecycle.state" choices={STATE_CHOICES} alwaysOn />]
      : []),
  ];

  function DefinitionList() {
    const canWrite = usePermitted(config.write);
    return (
      <List filters={filters} actions={<TopToolbar>{canWrite && !config.editOnly && <CreateButton />}</TopToolbar>} perPage={25}>
        <Datagrid rowClick={canWrite ? 'edit' : false} bulkActionButtons={false}>
          {listed.map((field) => fieldFor(field, referenceTitle))}
          {config.lifecycle && <SelectField source="state" label="console.lifecycle.state" choices={STATE_CHOICES} sortable={false} />}
          {config.lifecycle && canWrite && <LifecycleButton actions={config.lifecycleActions} />}
        </Datagrid>
      </List>
    );
  }

  const form = (creating: boolean) => (
    <SimpleForm mode="onChange" reValidateMode="onChange" toolbar={<FormToolbar />}>
      {config.fields.map((field) => inputFor(field, referenceTitle, creating))}
    </SimpleForm>
  );

  const transform = (data: RaRecord) => tidyForWrite(config, data);

  function DefinitionCreate() {
    const notify = useNotify();
    const redirect = useRedirect();
    const [secret, setSecret] = useState<string | undefined>();
    const onceShown = config.onceShown;
    return (
      <>
        <Create
          redirect="list"
          mutationMode="pessimistic"
          transform={transform}
          mutationOptions={
            onceShown
              ? {
                  onSuccess: (record: RaRecord) => {
                    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
                    // The API answers the value this once; without it (a password the operator typed) there is nothing to show.
                    if (typeof record[onceShown] === 'string') setSecret(record[onceShown]);
                    else redirect('list', config.name);
                  },
                }
              : undefined
          }
        >
          {form(true)}
        </Create>
        {onceShown && (
          <OnceShownSecret
            title={`console.secret.${config.name}`}
            value={secret}
            onClose={() => {
              setSecret(undefined);
              redirect('list', config.name);
            }}
          />
        )}
      </>
    );
  }

  function DefinitionEdit() {
    return (
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        transform={transform}
        actions={
          config.lifecycle || editActions ? (
            <TopToolbar>
              {editActions}
              {config.lifecycle && <LifecycleButton actions={config.lifecycleActions} />}
            </TopToolbar>
          ) : (
            false
          )
        }
      >
        {form(false)}
      </Edit>
    );
  }

  return {
    list: DefinitionList,
    create: offersCreate(config) ? DefinitionCreate : undefined,
    edit: offersEdit(config) ? DefinitionEdit : undefined,
  };
}
