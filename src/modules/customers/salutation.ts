export interface SalutationParts {
  gender: number | null;
  firstName: string | null;
  lastName: string | null;
  preNominals: string | null;
}

/** Courtesy titles by the API's gender codes: 1 male, 2 female, 3 miss; 4 and 5 take none. */
const TITLES: Record<number, string> = { 1: 'Mr.', 2: 'Mrs.', 3: 'Miss' };

/**
 * The salutation a customer gets when none was set: the full form addresses the customer by title
 * and surname, the short form by first name only. Either falls back to what the record has.
 */
export function generateSalutation(parts: SalutationParts, short: boolean): string {
  const firstName = parts.firstName?.trim();
  const lastName = parts.lastName?.trim();
  if (short && firstName) return `Dear ${firstName}`;
  if (lastName) {
    const title = parts.gender ? TITLES[parts.gender] : undefined;
    const words = [title, parts.preNominals?.trim(), title ? undefined : firstName, lastName].filter((word) => word);
    return `Dear ${words.join(' ')}`;
  }
  return firstName ? `Dear ${firstName}` : 'Dear customer';
}
