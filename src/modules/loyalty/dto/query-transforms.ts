/** Query booleans arrive as text. */
export const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/** A repeated or single query parameter as an array. */
export const toArray = ({ value }: { value: unknown }) => (value === undefined || Array.isArray(value) ? value : [value]);
