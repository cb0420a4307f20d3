import type { ComponentType } from 'react';

export type Permission =
  | 'definitions:read'
  | 'definitions:write'
  | 'customers:read'
  | 'customers:write'
  | 'privacy:write'
  | 'figures:read'
  | 'integrations:read'
  | 'integrations:write'
  | 'users:read'
  | 'users:write'
  | 'settings:read'
  | 'settings:write'
  | 'audit:read';

export type MenuGroup = 'customers' | 'programme' | 'catalogue' | 'messaging' | 'integrations' | 'administration';

/** One field of a definition as the shared list and form render it. */
export interface FieldConfig {
  /** The API's field, dotted for a nested one (`names.en`). */
  source: string;
  /**
   * `translations`: the API's `[{language_code, text}]` list; `choices`: several of `choices`;
   * `password`: typed hidden, never shown back. `address`: the API's postal address object;
   * `gps`: `{gps_latitude, gps_longitude}`; `opening-hours`: `[{day_id, time_intervals: [{from, to}]}]`.
   * `datetime`: an ISO 8601 instant; `rule-conditions`, `rule-effects`, `rule-limits`: an earning rule's parts.
   * `rule-values`: a loyalty rule's `[{scope, scope_id, value}]`; `stamper-conditions`, `stamper-checkpoints`:
   * a stamp-card campaign's conditions and bonus checkpoints; `segment-conditions`: a segment's condition tree.
   */
  type:
    | 'text'
    | 'longtext'
    | 'number'
    | 'boolean'
    | 'date'
    | 'select'
    | 'choices'
    | 'reference'
    | 'references'
    | 'translations'
    | 'json'
    | 'password'
    | 'address'
    | 'gps'
    | 'opening-hours'
    | 'datetime'
    | 'rule-conditions'
    | 'rule-effects'
    | 'rule-limits'
    | 'rule-values'
    | 'stamper-conditions'
    | 'stamper-checkpoints'
    | 'segment-conditions';
  /** For `reference`/`references`: the operator API resource searched by name. */
  reference?: string;
  /** For `reference`/`references`: the referenced field the value holds when the API takes a human key (`text_id`), not the id. */
  referenceKey?: string;
  /** For `select` and `choices`: the values the API takes, each named by a key of the message catalogue. */
  choices?: { id: string | number; name: string }[];
  required?: boolean;
  /** Shown as a column of the list. */
  list?: boolean;
  /** A pattern the value must match, checked as it is typed. */
  pattern?: RegExp;
  /** The catalogue key of what the pattern asks for, when it is not a text id's. */
  patternMessage?: string;
  /** Only when creating (a field the API does not let change). */
  createOnly?: boolean;
  /** Sortable on the server (the list's `sort_field`). */
  sortable?: boolean;
  /** Shown, never written: a field of the API's answer that its write does not take. */
  readOnly?: boolean;
  /** A catalogue key of a hint shown beneath the input. */
  helper?: string;
}

/**
 * A resource of the operator API as the console shows it: a small declarative description that the
 * shared list, create and edit components render, unless the resource brings pages of its own.
 */
export interface ResourceConfig {
  /** The operator API path (`rewards`), also react-admin's resource name. */
  name: string;
  idField: string;
  /** The field the autocomplete of a reference shows and searches (`q`). */
  titleField: string;
  group: MenuGroup;
  read: Permission;
  write?: Permission;
  /** The list takes `state` and the records deactivate and activate (the definition lifecycle). */
  lifecycle?: boolean;
  /** The list takes `q`. */
  search?: boolean;
  /** A search (`q`, `limit`) rather than a paged list. */
  searchOnly?: boolean;
  /** Records are changed, never created: the API has them all already (loyalty rules). */
  editOnly?: boolean;
  /** The actions that take a record out of use and back (`deactivate`, `activate` unless said otherwise). */
  lifecycleActions?: readonly [off: string, on: string];
  /** A field of the create's answer shown once, as the API never shows it again (a webhook's signing secret). */
  onceShown?: string;
  /** The create answers the record inside this field, beside the once-shown one (`{user, password}`). */
  createdRecordIn?: string;
  fields: FieldConfig[];
  icon?: ComponentType;
}

/** Whether the shared pages offer a create form to an operator with the write permission. */
export function offersCreate(config: ResourceConfig): boolean {
  return config.write !== undefined && !config.editOnly;
}

/** Whether the shared pages offer an edit form to an operator with the write permission. */
export function offersEdit(config: ResourceConfig): boolean {
  return config.write !== undefined;
}

/** Pages a resource brings of its own in place of the shared ones. */
export interface OwnPages {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}
