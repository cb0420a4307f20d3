import { Button as MuiButton } from '@mui/material';
import type { ReactElement } from 'react';
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
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { operatorRequest } from '../api/operator-client';
import { usePermitted } from '../layout/use-permitted';
import { offersCreate, offersEdit, valueAt } from './resource-config';
import type { FieldConfig, ResourceConfig } from './resource-config';

const STATE_CHOICES = [
  { id: 1, name: 'console.lifecycle.active' },
  { id: 0, name: 'console.lifecycle.deactivated' },
];

function fieldFor(field: FieldConfig, referenceTitle: (resource: string) => string): ReactElement {
  const common = { key: field.source, source: field.source, sortable: field.sortable ?? false };
  switch (field.type) {
    case 'number':
      return <NumberField {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'date':
      return <DateField {...common} />;
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
  if (field.readOnly) return creating ? null : <TextInput key={field.source} source={field.source} disabled fullWidth multiline />;
  const validate = [...(field.required ? [required()] : []), ...(field.pattern ? [regex(field.pattern, 'console.errors.pattern')] : [])];
  const common = { key: field.source, source: field.source, validate, fullWidth: true };
  switch (field.type) {
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

/** Deactivates an active definition, activates a deactivated one: the lifecycle's own actions. */
export function LifecycleButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!record || !resource) return null;
  const active = record.state !== 0;
  const act = async () => {
    try {
      await operatorRequest('POST', `/${resource}/${encodeURIComponent(String(record.id))}/actions/${active ? 'deactivate' : 'activate'}`);
      notify(active ? 'console.lifecycle.deactivated_done' : 'console.lifecycle.activated_done', { type: 'info' });
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
      {translate(active ? 'console.lifecycle.deactivate' : 'console.lifecycle.activate')}
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

/** The shared list, create and edit pages of a resource, from its configuration. */
export function definitionPages(config: ResourceConfig, referenceTitle: (resource: string) => string) {
  const listed = config.fields.filter((field) => field.list);
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
          {config.lifecycle && canWrite && <LifecycleButton />}
        </Datagrid>
      </List>
    );
  }

  const form = (creating: boolean) => (
    <SimpleForm mode="onChange" reValidateMode="onChange" toolbar={<FormToolbar />}>
      {config.fields.map((field) => inputFor(field, referenceTitle, creating))}
    </SimpleForm>
  );

  function DefinitionCreate() {
    return (
      <Create redirect="list" mutationMode="pessimistic">
        {form(true)}
      </Create>
    );
  }

  function DefinitionEdit() {
    return (
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        actions={
          config.lifecycle ? (
            <TopToolbar>
              <LifecycleButton />
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
