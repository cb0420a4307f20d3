import { IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { CommonException } from '../errors/common.exceptions';
import { BatchFailures, ErrorProcessing, validateBatchRecord } from './batch';

class RecordDto {
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsIn([0, 1]) state?: number;
}

describe('batch records', () => {
  it('accepts a valid record and names each bad field with the record index', () => {
    expect(validateBatchRecord(RecordDto, { name: 'a', state: 1 }, 'items.0').record).toEqual({ name: 'a', state: 1 });
    const params = validateBatchRecord(RecordDto, { state: 5, extra: true }, 'items.3').params;
    expect(params).toHaveLength(3);
    expect(params).toEqual(
      expect.arrayContaining([
        { name: 'items.3.name', reason: 'required', message: expect.any(String) },
        { name: 'items.3.state', reason: 'not_allowed_value', message: expect.any(String), value: '5' },
        { name: 'items.3.extra', reason: 'not_allowed_value', message: expect.any(String), value: 'true' },
      ]),
    );
    expect(validateBatchRecord(RecordDto, 'text', 'items.1').params?.[0]).toMatchObject({
      name: 'items.1',
      reason: 'invalid_value_format',
    });
  });

  it('ends an all-or-nothing batch at the first failure', () => {
    const failures = new BatchFailures(ErrorProcessing.AllOrNothing);
    expect(() => failures.fail(2, [{ name: 'items.2.name', reason: 'required', message: 'm' }])).toThrow(CommonException);
  });

  it('reports the failures of a partial batch by index', () => {
    const failures = new BatchFailures(ErrorProcessing.SkipFailed);
    failures.fail(4, [{ name: 'items.4.a', reason: 'required', message: 'm' }]);
    failures.fail(1, [{ name: 'items.1.a', reason: 'required', message: 'm' }]);
    failures.fail(4, [{ name: 'items.4.b', reason: 'not_found', message: 'm' }]);
    expect(failures.has(4)).toBe(true);
    expect(failures.has(2)).toBe(false);
    expect(failures.report().map((f) => [f.index, f.invalid_params.length])).toEqual([
      [1, 1],
      [4, 2],
    ]);
  });
});
