import { CardTypeDefinitionDto, CardTypeDefinitionRepository, type CardTypeDefinitionView } from '../modules/loyalty';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera card-type ...`: loyalty card types, exactly one of them the default. */
export const cardTypeCommand = lifecycleCommand<CardTypeDefinitionDto, CardTypeDefinitionView>({
  name: 'card-type',
  store: CardTypeDefinitionRepository,
  file: {
    type: CardTypeDefinitionDto,
    what: 'card type',
    example: { text_id: 'gold_card', name: 'Gold card', prefix: '9001', is_default: false },
  },
  columns: ['TEXT ID', 'CARD TYPE ID', 'STATE', 'DEFAULT', 'PREFIX', 'NAME'],
  row: (type) => [type.text_id, type.card_type_id, String(type.state), type.is_default ? 'yes' : '', type.prefix, type.name],
  viewOnly: ['card_type_id', 'state', 'last_change'],
});
