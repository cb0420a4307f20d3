import { ValidateBy, ValidationOptions } from 'class-validator';

const LANGUAGE_CODE = /^[a-z]{2}$/;
const MAX_TEXT_LENGTH = 1_000;

/** Texts by ISO 639-1 language code (`{"en": "Coffee", "cs": "Káva"}`), at least one, each a non-blank string. */
export function IsLanguageTexts(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isLanguageTexts',
      validator: {
        validate: (value) => {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
          const entries = Object.entries(value as Record<string, unknown>);
          return (
            entries.length > 0 &&
            entries.every(
              ([code, text]) =>
                LANGUAGE_CODE.test(code) && typeof text === 'string' && text.trim() !== '' && text.length <= MAX_TEXT_LENGTH,
            )
          );
        },
        defaultMessage: () => '$property holds texts by two-letter language code, at least one, e.g. {"en": "Coffee"}',
      },
    },
    options,
  );
}
