import { negotiateLanguage, parseAcceptLanguage, responseOutput, textIn } from './accept-language';

describe('parseAcceptLanguage', () => {
  it('orders ranges by quality and drops q=0', () => {
    expect(parseAcceptLanguage('cs, en-gb;q=0.8, de;q=0.9, fr;q=0')).toEqual([
      { tag: 'cs', quality: 1 },
      { tag: 'de', quality: 0.9 },
      { tag: 'en-gb', quality: 0.8 },
    ]);
  });

  it('tolerates junk', () => {
    expect(parseAcceptLanguage(',;q=x, ;')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('negotiateLanguage', () => {
  const available = ['en', 'cs', 'de'];
  it.each([
    ['cs, en-gb;q=0.8', 'cs'],
    ['en-GB', 'en'],
    ['fr, de;q=0.5', 'de'],
    ['fr', 'en'],
    ['*', 'en'],
    [undefined, 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateLanguage(header, available, 'en')).toBe(expected);
  });

  it('falls back to any text when even the default language has none', () => {
    expect(negotiateLanguage('fr', ['sk'], 'en')).toBe('sk');
    expect(negotiateLanguage('fr', [], 'en')).toBeUndefined();
  });
});

describe('textIn', () => {
  const settings = { timeZone: 'Europe/Prague', defaultLanguage: 'en' };

  it("picks the caller's best language, then the project's, then any; nothing when there is no text", () => {
    const names = { en: 'Massage', cs: 'Masáž' };
    expect(textIn(names, responseOutput(settings, 'cs, en;q=0.5'))).toBe('Masáž');
    expect(textIn(names, responseOutput(settings, 'fr'))).toBe('Massage');
    expect(textIn({ sk: 'Masáž' }, responseOutput(settings, undefined))).toBe('Masáž');
    expect(textIn({}, responseOutput(settings, 'cs'))).toBeUndefined();
  });
});
