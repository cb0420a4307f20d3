import { StoreGroupDefinitionDto, StoreGroupDefinitionRepository, type StoreGroupDefinitionView } from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera store-group ...`: groups of stores, which stores join through their own definition. */
export const storeGroupCommand = lifecycleCommand<StoreGroupDefinitionDto, StoreGroupDefinitionView>({
  name: 'store-group',
  store: StoreGroupDefinitionRepository,
  file: { type: StoreGroupDefinitionDto, what: 'store group', example: { name: 'Groceries' } },
  columns: ['STORE GROUP ID', 'STATE', 'NAME'],
  row: (group) => [group.store_group_id, String(group.state), group.name],
  viewOnly: ['store_group_id', 'state', 'last_change'],
});
