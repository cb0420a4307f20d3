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
  /** `translations`: the API's `[{language_code, text}]` list. */
  type: 'text' | 'longtext' | 'number' | 'boolean' | 'date' | 'select' | 'reference' | 'references' | 'translations' | 'json';
  /** For `reference`/`references`: the operator API resource searched by name. */
  reference?: string;
  /** For `select`. */
  choices?: { id: string | number; name: string }[];
  required?: boolean;
  /** Shown as a column of the list. */
  list?: boolean;
  /** A pattern the value must match, checked as it is typed. */
  pattern?: RegExp;
  /** Only when creating (a field the API does not let change). */
  createOnly?: boolean;
  /** Sortable on the server (the list's `sort_field`). */
  sortable?: boolean;
}

/**
 * A resource of the operator API as the console shows it: a small declarative description that the
 * shared list, create and edit components render, unless the resource brings components of its own.
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
  fields: FieldConfig[];
  icon?: ComponentType;
  /** Pages of its own in place of the shared ones. */
  pages?: { list?: ComponentType; show?: ComponentType; edit?: ComponentType; create?: ComponentType };
}
