import { generateSalutation } from './salutation';

describe('generateSalutation', () => {
  const jan = { gender: 1, firstName: 'Jan', lastName: 'Novák', preNominals: 'Ing.' };

  it('addresses by title and surname in full form, by first name in short form', () => {
    expect(generateSalutation(jan, false)).toBe('Dear Mr. Ing. Novák');
    expect(generateSalutation(jan, true)).toBe('Dear Jan');
    expect(generateSalutation({ ...jan, gender: 2, preNominals: null }, false)).toBe('Dear Mrs. Novák');
  });

  it('uses the whole name without a title and falls back when names are missing', () => {
    expect(generateSalutation({ ...jan, gender: 5, preNominals: null }, false)).toBe('Dear Jan Novák');
    expect(generateSalutation({ gender: null, firstName: null, lastName: 'Novák', preNominals: null }, true)).toBe('Dear Novák');
    expect(generateSalutation({ gender: null, firstName: null, lastName: null, preNominals: null }, false)).toBe('Dear customer');
  });
});
