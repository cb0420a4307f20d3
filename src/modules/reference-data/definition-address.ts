import { PostalAddressColumns, PostalAddressDto, toPostalAddressDto } from '@tessera/http';

/** An address as a definition file has it: only the parts given, or null when there are none. */
export function definitionAddress(columns: PostalAddressColumns): PostalAddressDto | null {
  const parts = Object.entries(toPostalAddressDto(columns)).filter(([, value]) => value !== null);
  return parts.length === 0 ? null : Object.fromEntries(parts);
}
