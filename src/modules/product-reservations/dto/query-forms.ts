import { Expose, Transform } from 'class-transformer';
import { queryArray } from '@tessera/http';

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

/** An integer query value; anything that is not one is left as sent so the validator names it. */
export const queryInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
