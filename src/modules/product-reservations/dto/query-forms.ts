/** An integer query value; anything that is not one is left as sent so the validator names it. */
export const queryInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
