/** An e-mail address as messages accept it: one address, no display name, at most 254 characters. */
export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(text);
}

/** A phone number in international form: `+`, then the country code and number, 7 to 15 digits in all. */
export function isInternationalPhone(text: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(text);
}
