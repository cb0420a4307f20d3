/**
 * `@Transform` functions for query strings, where every value arrives as text: booleans may be sent as
 * `true`/`false` or `1`/`0`, and a list as `name[]=a&name[]=b` or as one value. Anything else is left as
 * sent so the validators name it.
 */
export const queryBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

export const queryArray = ({ value }: { value: unknown }): unknown => (value === undefined || Array.isArray(value) ? value : [value]);
