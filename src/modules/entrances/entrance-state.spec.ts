import { CommonException } from '@tessera/http';
import { EntranceState } from './entities/entrance.entity';
import { moveEntranceState } from './entrance-state';

describe('entrance state moves', () => {
  it.each([
    [EntranceState.Active, EntranceState.Active, 'unchanged'],
    [EntranceState.Cancelled, EntranceState.Cancelled, 'unchanged'],
    [EntranceState.Active, EntranceState.Cancelled, 'deactivate'],
  ])('from %s to %s: %s', (from, to, outcome) => {
    expect(moveEntranceState(from, to, 'entrance.state')).toBe(outcome);
  });

  it('refuses to make a cancelled entrance active, naming the field', () => {
    let error: unknown;
    try {
      moveEntranceState(EntranceState.Cancelled, EntranceState.Active, 'entrance.state');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(CommonException);
    expect((error as CommonException).details.data?.params).toEqual([
      expect.objectContaining({ name: 'entrance.state', reason: 'not_allowed_value', value: '1' }),
    ]);
  });
});
