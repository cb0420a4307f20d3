import { Expose, Transform } from 'class-transformer';

/**
 * `@Transform` functions for query strings, where every value arrives as text: booleans may be sent as
 * `true`/`false` or `1`/`0`, an integer as its digits only, and a list as `name[]=a&name[]=b` or as one
 * value. Anything else is left as sent so the validators name it.
 */
export const queryBoolean = ({ value }: { value: unknown }): unknown =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

export const queryArray = ({ value }: { value: unknown }): unknown => (value === undefined || Array.isArray(value) ? value : [value]);

export const queryInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

/**
 * A filter sent as `name=v` or as `name[]=v1&name[]=v2`, values joined by OR. The bracketed form arrives
 * under its own key, which the property reads when the plain one is absent (exposed, so it is visited
 * even then).
 */
export function eitherArrayForm(name: string): PropertyDecorator {
  const expose = Expose();
  const transform = Transform(({ value, obj }: { value: unknown; obj: Record<string, unknown> }) =>
    queryArray({ value: value ?? obj[`${name}[]`] }),
  );
  return (target, key) => {
    expose(target, key);
    transform(target, key);
  };
}
