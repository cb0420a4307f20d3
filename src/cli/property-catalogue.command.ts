import { Type } from '@nestjs/common';
import { BookingTicketPropertyDefinitionRepository } from '../modules/bookings';
import { ProductPropertyDefinitionRepository } from '../modules/catalogue';
import { RewardPropertyDefinitionRepository, VoucherPropertyDefinitionRepository } from '../modules/loyalty';
import {
  PartnerPropertyDefinitionRepository,
  PropertyCatalogueDefinitionDto,
  PropertyCatalogueDefinitionRepository,
  type PropertyCatalogueDefinitionView,
  StorePropertyDefinitionRepository,
} from '../modules/reference-data';
import { TaskPropertyDefinitionRepository } from '../modules/tasks';
import { CliCommandModule } from './cli-command';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera partner-property ...`: the custom fields of partners. */
export const partnerPropertyCommand = propertyCatalogueCommand('partner-property', PartnerPropertyDefinitionRepository);
/** `tessera product-property ...`: the custom fields of products. */
export const productPropertyCommand = propertyCatalogueCommand('product-property', ProductPropertyDefinitionRepository);
/** `tessera task-property ...`: the custom fields of tasks. */
export const taskPropertyCommand = propertyCatalogueCommand('task-property', TaskPropertyDefinitionRepository);
/** `tessera booking-ticket-property ...`: the custom fields of booking tickets. */
export const bookingTicketPropertyCommand = propertyCatalogueCommand('booking-ticket-property', BookingTicketPropertyDefinitionRepository);
/** `tessera store-property ...`: the custom fields of stores. */
export const storePropertyCommand = propertyCatalogueCommand('store-property', StorePropertyDefinitionRepository);
/** `tessera reward-property ...`: the custom fields of rewards. */
export const rewardPropertyCommand = propertyCatalogueCommand('reward-property', RewardPropertyDefinitionRepository);
/** `tessera voucher-property ...`: the custom fields of vouchers. */
export const voucherPropertyCommand = propertyCatalogueCommand('voucher-property', VoucherPropertyDefinitionRepository);

/** One catalogue's commands: the same lifecycle and file for every catalogue, through its own repository. */
function propertyCatalogueCommand(name: string, store: Type<PropertyCatalogueDefinitionRepository>): CliCommandModule {
  return lifecycleCommand<PropertyCatalogueDefinitionDto, PropertyCatalogueDefinitionView>({
    name,
    store,
    file: {
      type: PropertyCatalogueDefinitionDto,
      what: name.replace(/-/g, ' '),
      example: {
        property_id: 'shoe_size',
        name: 'Shoe size',
        description: 'European sizes',
        data_type: 'enum',
        is_required: false,
        items: [
          { id: '42', name: 'EU 42' },
          { id: '43', name: 'EU 43' },
        ],
      },
    },
    columns: ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS', 'NAME'],
    row: (property) => [
      property.property_id,
      property.data_type,
      property.is_required ? 'yes' : 'no',
      property.is_unique ? 'yes' : 'no',
      property.state === 0 ? 'deactivated' : 'active',
      (property.items ?? []).map((item) => `${item.id}=${item.name}`).join(', '),
      property.name,
    ],
    viewOnly: ['state', 'last_change'],
    idField: 'property_id',
  });
}
