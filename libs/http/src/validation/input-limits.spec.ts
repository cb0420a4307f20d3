import { ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { enforceInputLimits, INPUT_LIMITS, textLimitOf } from './input-limits';

class LineDto {
  @IsInt() quantity!: number;
  @IsNumber() price!: number;
  @IsOptional() @IsString() note?: string;
}

class OrderDto {
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsString() @IsNotEmpty() code?: string;
  @IsOptional() @IsString() task_note?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() gender?: number | null;
  @IsOptional() @ValidateNested() @Type(() => LineDto) first?: LineDto;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => LineDto) lines?: LineDto[];
  @IsOptional() extra?: unknown;
}

const check = (plain: object) => {
  const order = plainToInstance(OrderDto, plain);
  return { order, names: enforceInputLimits(order, '').map((param) => param.name) };
};

describe('enforceInputLimits', () => {
  it('accepts values within the limits', () => {
    const fourByteText = '\u{1F600}'.repeat(INPUT_LIMITS.maxStringBytes / 4);
    expect(
      check({ name: fourByteText, lines: [{ quantity: 2 ** 31 - 1, price: 999_999_999_999.99, note: 'x'.repeat(10_000) }] }).names,
    ).toEqual([]);
  });

  it('refuses NUL characters anywhere, free-form values included', () => {
    expect(check({ name: 'a\u0000b', extra: { deep: ['ok', 'c\u0000'] } }).names.sort()).toEqual(['extra.deep.1', 'name']);
  });

  it('counts characters as code points and short strings also in UTF-8 bytes', () => {
    expect(check({ name: 'x'.repeat(1_001) }).names).toEqual(['name']);
    expect(check({ name: '\u{1F600}'.repeat(1_000) }).names).toEqual(['name']);
    expect(check({ name: 'é'.repeat(1_000) }).names).toEqual([]);
    expect(check({ lines: [{ quantity: 1, price: 1, note: 'x'.repeat(10_001) }] }).names).toEqual(['lines.0.note']);
  });

  it('gives every note, description and text the long-text limit, counted in UTF-8 bytes', () => {
    expect([textLimitOf('note'), textLimitOf('task_note'), textLimitOf('short_description'), textLimitOf('comment_text')]).toEqual(
      Array(4).fill(INPUT_LIMITS.maxLongTextBytes),
    );
    expect([textLimitOf('text_id'), textLimitOf('notes_id'), textLimitOf('name')]).toEqual(Array(3).fill(INPUT_LIMITS.maxStringLength));
    expect(check({ task_note: 'x'.repeat(10_000) }).names).toEqual([]);
    expect(check({ task_note: '\u{1F600}'.repeat(2_500) }).names).toEqual([]);
    expect(check({ task_note: '\u{1F600}'.repeat(2_501) }).names).toEqual(['task_note']);
    // 4,000 emoji: 4,000 characters but 16,000 bytes, which is what the database stores.
    expect(check({ note: '\u{1F600}'.repeat(4_000) }).names).toEqual(['note']);
    expect(check({ description: 'é'.repeat(5_001) }).names).toEqual(['description']);
  });

  it('refuses lone UTF-16 surrogates in values and property names, but not surrogate pairs', () => {
    expect(check({ name: 'a\ud800', extra: { deep: ['\udc00'] } }).names.sort()).toEqual(['extra.deep.0', 'name']);
    expect(check({ extra: { ['k\ud83d']: 1 } }).names).toEqual(['extra']);
    expect(check({ name: '\u{1F600}', extra: '\ud83d\ude00' }).names).toEqual([]);
  });

  it('refuses whitespace alone where a field must not be empty, as empty', () => {
    const order = plainToInstance(OrderDto, { code: ' \t\n', name: ' ' });
    expect(enforceInputLimits(order, '').map(({ name, reason }) => [name, reason])).toEqual([['code', 'empty']]);
    expect(check({ code: ' x ' }).names).toEqual([]);
    expect(check({ extra: { card_number: ' ', tag_ids: ['\t'], store_id: '', city: ' ' } }).names.sort()).toEqual([
      'extra.card_number',
      'extra.tag_ids.0',
    ]);
  });

  it('keeps integers within an integer column and other numbers within the money columns', () => {
    expect(check({ first: { quantity: 2 ** 31, price: 1 } }).names).toEqual(['first.quantity']);
    expect(check({ first: { quantity: 1, price: 2 ** 53 + 1 } }).names).toEqual(['first.price']);
    expect(check({ first: { quantity: -(2 ** 31), price: -1e12 + 1 } }).names).toEqual([]);
  });

  it('refuses an array where an object is expected, at any level', () => {
    expect(check({ first: [{ quantity: 1, price: 1 }] }).names).toEqual(['first']);
    expect(check({ lines: [[{ quantity: 1, price: 1 }]] }).names).toEqual(['lines.0']);
  });

  it('drops null optional fields unless the API declares them nullable', () => {
    const { order, names } = check({ name: null, gender: null, first: null });
    expect(names).toEqual([]);
    expect(['name' in order, 'first' in order, order.gender]).toEqual([false, false, null]);
  });

  it('walks a deep value without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(enforceInputLimits(deep, 'body')).toHaveLength(1);
  });
});
