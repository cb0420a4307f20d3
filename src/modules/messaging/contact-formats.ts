import { CommonException, InvalidReason } from '@tessera/http';
import { ChannelCode } from '../reference-data';

/** An e-mail address as messages accept it: one address, no display name, at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(text);
}

/** A phone number in international form: `+`, then the country code and number, 7 to 15 digits in all. */
export function isInternationalPhone(text: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(text);
}

/**
 * The contact, when it has the form its channel needs: an e-mail address for e-mail, a phone number in
 * international form for the others. Otherwise a 400 on `field` saying `<subject> must be <form>`.
 */
export function checkedContact(code: ChannelCode, contact: string, field: string, subject: string): string {
  const email = code === ChannelCode.Email;
  if (email ? isEmailAddress(contact) : isInternationalPhone(contact)) return contact;
  const form = email ? 'an e-mail address' : 'a phone number in international form (+420...)';
  throw CommonException.invalid(field, InvalidReason.InvalidValueFormat, `${subject} must be ${form}`, contact);
}
