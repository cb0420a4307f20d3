import { amountNumber, decimalText, nonNegativeAmountUnits, positiveAmountUnits, unitsOf } from './decimal-amount';

describe('decimal amounts', () => {
  it('reads numeric text exactly, refusing digits beyond the scale', () => {
    expect(unitsOf('12.50', 2)).toBe(1250n);
    expect(unitsOf('-3.0000', 2)).toBe(-300n);
    expect(unitsOf('7', 4)).toBe(70000n);
    expect(unitsOf('0.125', 2)).toBeNull();
    expect(unitsOf('1e3', 2)).toBeNull();
  });

  it('accepts request amounts above zero only', () => {
    expect(positiveAmountUnits(0.1, 2)).toBe(10n);
    expect(positiveAmountUnits(0.1 + 0.2, 2)).toBeNull();
    expect(positiveAmountUnits(100, 2)).toBe(10000n);
    expect(positiveAmountUnits(0, 2)).toBeNull();
    expect(positiveAmountUnits(-5, 2)).toBeNull();
    expect(positiveAmountUnits('5', 2)).toBeNull();
    expect(positiveAmountUnits(1e-7, 4)).toBeNull();
    expect(nonNegativeAmountUnits(0, 2)).toBe(0n);
    expect(nonNegativeAmountUnits(-1, 2)).toBeNull();
  });

  it('writes units back as text and numbers', () => {
    expect(decimalText(1250n, 2)).toBe('12.50');
    expect(decimalText(-5n, 2)).toBe('-0.05');
    expect(decimalText(7n, 0)).toBe('7');
    expect(amountNumber(1250n, 2)).toBe(12.5);
  });
});
