import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput } from 'react-admin';
import type { Validator } from 'react-admin';
import { valueAt } from './record-values';
import { referenceTitle } from './registry';

/** Several records of another kind, searched by name; `key` is the field the API takes when not the id. */
export function ReferencesInput({
  source,
  reference,
  label,
  keyField,
  validate,
}: {
  source: string;
  reference: string;
  label: string;
  keyField?: string;
  validate?: Validator | Validator[];
}) {
  const title = referenceTitle(reference);
  return (
    <ReferenceArrayInput source={source} reference={reference} filter={{ state: 1 }}>
      <AutocompleteArrayInput
        label={label}
        fullWidth
        validate={validate}
        optionText={(record) => String(valueAt(record, title) ?? '')}
        optionValue={keyField}
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceArrayInput>
  );
}

/** One record of another kind, searched by name; `keyField` as for several. */
export function ReferenceOneInput({
  source,
  reference,
  label,
  keyField,
  validate,
  helperText,
}: {
  source: string;
  reference: string;
  label: string;
  keyField?: string;
  validate?: Validator | Validator[];
  helperText?: string;
}) {
  const title = referenceTitle(reference);
  return (
    <ReferenceInput source={source} reference={reference} filter={{ state: 1 }}>
      <AutocompleteInput
        label={label}
        fullWidth
        validate={validate}
        helperText={helperText}
        optionText={(record) => String(valueAt(record, title) ?? '')}
        optionValue={keyField}
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>
  );
}
