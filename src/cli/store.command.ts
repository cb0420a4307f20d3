import { StoreDefinitionDto, StoreDefinitionRepository, type StoreDefinitionView } from '../modules/reference-data';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera store ...`: stores, their partner, POS system and store groups. */
export const storeCommand = lifecycleCommand<StoreDefinitionDto, StoreDefinitionView>({
  name: 'store',
  store: StoreDefinitionRepository,
  file: {
    type: StoreDefinitionDto,
    what: 'store',
    example: { store_code: 'PRG-01', name: 'Prague Centre', partner_id: 'PARTNER_ID', system_id: 'pos-main', store_group_ids: [] },
  },
  columns: ['STORE CODE', 'STORE ID', 'STATE', 'PARTNER ID', 'NAME'],
  row: (store) => [store.store_code, store.store_id, String(store.state), store.partner_id, store.name],
  viewOnly: ['store_id', 'state', 'last_change'],
});
