import { TagDefinitionDto, TagDefinitionRepository, type TagDefinitionView } from '../modules/catalogue';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera tag ...`: product and reward tags. */
export const tagCommand = lifecycleCommand<TagDefinitionDto, TagDefinitionView>({
  name: 'tag',
  store: TagDefinitionRepository,
  file: { type: TagDefinitionDto, what: 'tag', example: { text_id: 'organic', names: { en: 'Organic', cs: 'Bio' } } },
  columns: ['TEXT ID', 'TAG ID', 'STATE', 'NAMES'],
  row: (tag) => [tag.text_id, tag.tag_id, String(tag.state), Object.values(tag.names).join(' / ')],
  viewOnly: ['tag_id', 'state', 'last_change'],
});
