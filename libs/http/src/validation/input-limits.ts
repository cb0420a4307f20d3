import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { InvalidParam, InvalidReason } from '../errors/invalid-reason';

/**
 * What a request may carry (the API sets no limits; these keep every value within what the server
 * and its database store). Enforced once for every body, query and path parameter, not per handler.
 */
export const INPUT_LIMITS = {
  /** Objects and arrays inside one another in a JSON body. */
  maxNesting: 32,
  /** Characters (Unicode code points: an emoji is one) of a string, unless its field is a long text. */
  maxStringLength: 1_000,
  /**
   * UTF-8 bytes of a note, description or text (see `textLimitOf`): counted as stored, so that a note
   * of emoji (four bytes each) cannot hold four times what a note of plain letters holds.
   */
  maxLongTextBytes: 10_000,
  /**
   * UTF-8 bytes of a string that is not a long text. PostgreSQL refuses a b-tree index entry above
   * about 2,700 bytes, and most short strings are indexed somewhere: 1,000 four-byte characters would not fit.
   */
  maxStringBytes: 2_000,
  /** Integers: what a PostgreSQL `integer` column holds. */
  minInteger: -(2 ** 31),
  maxInteger: 2 ** 31 - 1,
  /** Amounts, points and other decimals: below what the narrowest money column, numeric(14, 2), holds. */
  maxAbsoluteAmount: 1e12,
} as const;

/** Fields, by name wherever they appear, whose text has a limit of its own, in UTF-8 bytes. */
export const LONG_TEXT_LIMITS: Readonly<Record<string, number>> = {
  // A base64 photo: its service refuses more than 2 MB decoded, which is about 2.8 million bytes of base64.
  data: 3_000_000,
  // A base64 message attachment: at most 1 MB decoded (the request body's own limit comes first).
  file_data: 1_400_000,
};

/**
 * Notes, descriptions and texts by the end of their name (`note`, `task_note`, `customers_note`,
 * `short_description`, `comment_text`), so that every such field shares one limit rather than only
 * those someone listed. `text_id` and the like are identifiers and stay short.
 */
const LONG_TEXT_NAME = /(^|_)(note|description|text)$/;

/**
 * The limit of a string of the field named `field`: its characters (code points) for a short string,
 * which `maxStringBytes` also bounds; its UTF-8 bytes for a long text (any limit above `maxStringLength`).
 */
export function textLimitOf(field: string): number {
  return LONG_TEXT_LIMITS[field] ?? (LONG_TEXT_NAME.test(field) ? INPUT_LIMITS.maxLongTextBytes : INPUT_LIMITS.maxStringLength);
}

/** Whether `textLimitOf` gives the field a long text's limit, counted in UTF-8 bytes. */
export function isLongTextLimit(limit: number): boolean {
  return limit > INPUT_LIMITS.maxStringLength;
}

/** Identifiers by the end of their name (`card_id`, `tag_ids`, `card_number`, `code`, `plu_code`). */
const IDENTIFIER_NAME = /(^|_)(id|ids|number|code)$/;

/**
 * Whether whitespace alone is refused in a string of the field: an identifier names nothing with it, and
 * a field declared `@IsNotEmpty` (a required text) holds nothing with it. `""` is left to the DTO's rules.
 */
export function refusesBlank(field: string, declaredNotEmpty = false): boolean {
  return declaredNotEmpty || IDENTIFIER_NAME.test(field);
}

/** A UTF-16 surrogate without its pair: JSON's `\ud800` escape can carry one, but no Unicode text holds it. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** What the validation decorators of a DTO property say that the limits need. */
interface PropertyRules {
  optional: boolean;
  nullable: boolean;
  /** `one`: a nested object; `each`: an array of nested objects. */
  nested?: 'one' | 'each';
  integer: boolean;
  number: boolean;
  /** `@IsNotEmpty`: an identifier or required text, for which whitespace alone is as empty as `""`. */
  notBlank: boolean;
}

/** A DTO class, as class-validator's metadata is keyed. */
type DtoClass = abstract new (...args: never[]) => object;

const rulesByClass = new Map<DtoClass, Map<string, PropertyRules>>();

function rulesOf(type: DtoClass): Map<string, PropertyRules> {
  let rules = rulesByClass.get(type);
  if (rules) return rules;
  rules = new Map();
  for (const metadata of getMetadataStorage().getTargetValidationMetadatas(type, '', false, false)) {
    const rule = rules.get(metadata.propertyName) ?? {
      optional: false,
      nullable: false,
      integer: false,
      number: false,
      notBlank: false,
    };
    if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION && metadata.name === 'isOptional') rule.optional = true;
    if (metadata.type === ValidationTypes.NESTED_VALIDATION) rule.nested = metadata.each ? 'each' : 'one';
    if (metadata.name === 'isInt') rule.integer = true;
    if (metadata.name === 'isNumber') rule.number = true;
    if (metadata.name === 'isNotEmpty') rule.notBlank = true;
    rules.set(metadata.propertyName, rule);
  }
  for (const [property, rule] of rules) {
    const apiProperty = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, type.prototype as object, property) as
      { nullable?: boolean } | undefined;
    rule.nullable = apiProperty?.nullable === true;
  }
  rulesByClass.set(type, rules);
  return rules;
}

const breach = (name: string, message: string, value?: number, reason = InvalidReason.InvalidValueFormat): InvalidParam => ({
  name,
  reason,
  message,
  ...(value === undefined ? {} : { value: String(value) }),
});

/** Unicode code points of a string, counted without building an array of them. */
function codePointCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) count--;
  }
  return count;
}

/** The breach of one string value (or object key) of the field `name`, or null when it is within the limits. */
export function stringBreach(name: string, text: string, field: string): InvalidParam | null {
  if (text.includes('\u0000')) return breach(name, `${name} must not contain NUL characters`);
  if (LONE_SURROGATE.test(text)) return breach(name, `${name} must be Unicode text: it holds half of a UTF-16 surrogate pair`);
  const limit = textLimitOf(field);
  // A UTF-16 unit takes one to three bytes of UTF-8 (a pair four): the length alone settles most strings.
  if (isLongTextLimit(limit)) {
    return text.length * 3 > limit && Buffer.byteLength(text, 'utf8') > limit
      ? breach(name, `${name} may have at most ${limit} bytes of UTF-8 text`)
      : null;
  }
  if (text.length > limit && codePointCount(text) > limit) return breach(name, `${name} may have at most ${limit} characters`);
  if (text.length * 3 > INPUT_LIMITS.maxStringBytes && Buffer.byteLength(text, 'utf8') > INPUT_LIMITS.maxStringBytes) {
    return breach(name, `${name} may have at most ${INPUT_LIMITS.maxStringBytes} bytes of UTF-8 text`);
  }
  return null;
}

function numberBreach(name: string, value: number, rules: PropertyRules | undefined): InvalidParam | null {
  if (rules?.integer && Number.isInteger(value) && (value < INPUT_LIMITS.minInteger || value > INPUT_LIMITS.maxInteger)) {
    return breach(name, `${name} must be an integer from ${INPUT_LIMITS.minInteger} to ${INPUT_LIMITS.maxInteger}`, value);
  }
  if (rules?.number && Math.abs(value) >= INPUT_LIMITS.maxAbsoluteAmount) {
    return breach(
      name,
      `${name} must be greater than -${INPUT_LIMITS.maxAbsoluteAmount} and less than ${INPUT_LIMITS.maxAbsoluteAmount}`,
      value,
    );
  }
  return null;
}

interface Pending {
  value: unknown;
  name: string;
  /** The property the value sits under (array items keep their array's), for long-text limits. */
  field: string;
  rules?: PropertyRules;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Checks a request value against the input limits and returns every breach, named by its path as
 * validation errors are (`bill.bill_items.0.plu_name`). Objects built from DTO classes are read with
 * their validation rules: integers (`@IsInt`) must fit an `integer` column, other numbers (`@IsNumber`)
 * the money columns, a nested object (`@ValidateNested` without `each`) must not be an array, and a
 * `null` given for an optional field that the API does not declare nullable is removed, so that it
 * means the same as leaving the field out. Walks with its own stack, not by recursion.
 */
export function enforceInputLimits(value: unknown, name: string): InvalidParam[] {
  const breaches: InvalidParam[] = [];
  const pending: Pending[] = [{ value, name, field: name }];
  const push = (found: InvalidParam | null) => found && breaches.push(found);
  while (pending.length > 0) {
    const { value: current, name: path, field, rules } = pending.pop()!;
    if (typeof current === 'string') {
      const blank = current !== '' && current.trim() === '' && refusesBlank(field, rules?.notBlank);
      // Whitespace alone names nothing: refused as `""` is, before it can be stored as an id, code or number.
      if (blank) push(breach(path, `${path} must not be empty or only whitespace`, undefined, InvalidReason.Empty));
      else push(stringBreach(path, current, field));
    } else if (typeof current === 'number') {
      push(numberBreach(path, current, rules));
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        const itemName = `${path}.${index}`;
        if (rules?.nested === 'each' && Array.isArray(item)) push(breach(itemName, `${itemName} must be an object, not an array`));
        else pending.push({ value: item, name: itemName, field, rules });
      });
    } else if (isObject(current)) {
      const classRules =
        current.constructor === Object || typeof current.constructor !== 'function' ? undefined : rulesOf(current.constructor as DtoClass);
      for (const key of Object.keys(current)) {
        const keyName = path ? `${path}.${key}` : key;
        const propertyRules = classRules?.get(key);
        const propertyValue = current[key];
        if (key.includes('\u0000') || LONE_SURROGATE.test(key) || key.length > INPUT_LIMITS.maxStringLength) {
          push(
            breach(
              path || 'body',
              `${path || 'body'} has a property name with a NUL character, a lone surrogate or over ${INPUT_LIMITS.maxStringLength} characters`,
            ),
          );
          continue;
        }
        if (propertyValue === null && propertyRules?.optional && !propertyRules.nullable) {
          delete current[key];
        } else if (propertyRules?.nested === 'one' && Array.isArray(propertyValue)) {
          push(breach(keyName, `${keyName} must be an object, not an array`));
        } else {
          pending.push({ value: propertyValue, name: keyName, field: key, rules: propertyRules });
        }
      }
    }
  }
  return breaches;
}
