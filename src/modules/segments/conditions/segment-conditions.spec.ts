import { CommonException } from '@tessera/http';
import { checkSegmentConditions, referencedSegmentIds } from './segment-conditions';

/** The refusal's first invalid parameter: its field name and reason. */
function refusal(value: unknown): { name: string; reason: string } {
  try {
    checkSegmentConditions(value);
  } catch (error) {
    expect(error).toBeInstanceOf(CommonException);
    const [param] = ((error as CommonException).details.data as { params: { name: string; reason: string }[] }).params;
    return { name: param.name, reason: param.reason };
  }
  throw new Error('The tree was accepted');
}

describe('segment condition trees', () => {
  it('accepts a nested tree of every shape', () => {
    const tree = {
      kind: 'all',
      conditions: [
        { kind: 'purchases', days: 30, count_min: 2 },
        {
          kind: 'any',
          conditions: [
            { kind: 'profile', field: 'city', op: 'one_of', values: ['Praha'] },
            { kind: 'age', min: 18 },
          ],
        },
        { kind: 'not', condition: { kind: 'segment', segment_id: 'abc' } },
        { kind: 'event', event_type: 'visit', properties: { channel: 'web' } },
      ],
    };
    expect(checkSegmentConditions(tree)).toBe(tree);
    expect(referencedSegmentIds(checkSegmentConditions(tree))).toEqual(['abc']);
  });

  it('names the field of a refusal by its path in the tree', () => {
    expect(refusal({ kind: 'all', conditions: [{ kind: 'purchases', days: 0, count_min: 1 }] })).toEqual({
      name: 'conditions.conditions.0.days',
      reason: 'not_allowed_value',
    });
    expect(refusal({ kind: 'not', condition: { kind: 'consent' } })).toMatchObject({
      name: 'conditions.condition.agreement_id',
      reason: 'required',
    });
    expect(refusal({ kind: 'purchases', days: 3 })).toMatchObject({ name: 'conditions', reason: 'required' });
    expect(refusal({ kind: 'teleported' })).toMatchObject({ name: 'conditions.kind' });
    expect(refusal({ kind: 'age', min: 18, colour: 'red' })).toMatchObject({ name: 'conditions.colour' });
    expect(refusal({ kind: 'profile', field: 'city', op: 'one_of' })).toMatchObject({ name: 'conditions.values', reason: 'required' });
    expect(refusal({ kind: 'age', min: 30, max: 20 })).toEqual({ name: 'conditions.max', reason: 'not_allowed_value' });
  });

  it('refuses trees nested too deep', () => {
    let tree: object = { kind: 'age', min: 1 };
    for (let depth = 0; depth < 9; depth += 1) tree = { kind: 'not', condition: tree };
    expect(refusal(tree).reason).toBe('not_allowed_value');
  });
});
