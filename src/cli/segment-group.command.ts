import { SegmentGroupDefinitionDto, SegmentGroupDefinitionRepository, type SegmentGroupDefinitionView } from '../modules/segments';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera segment-group ...`: the groups segments sit in. */
export const segmentGroupCommand = lifecycleCommand<SegmentGroupDefinitionDto, SegmentGroupDefinitionView>({
  name: 'segment-group',
  store: SegmentGroupDefinitionRepository,
  file: {
    type: SegmentGroupDefinitionDto,
    what: 'segment group',
    example: { text_id: 'lifestyle', name: 'Lifestyle', parent_group_id: 'marketing', note: 'Segments by how customers live' },
  },
  columns: ['TEXT ID', 'SEGMENT GROUP ID', 'STATE', 'PARENT', 'NAME'],
  row: (group) => [group.text_id ?? '', group.segment_group_id, String(group.state), group.parent_group_id ?? '', group.name],
  viewOnly: ['segment_group_id', 'state', 'last_change'],
});
