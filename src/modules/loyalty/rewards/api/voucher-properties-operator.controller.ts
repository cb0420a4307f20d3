import { propertyCatalogueOperatorController } from '../../../reference-data';
import { VoucherPropertyDefinitionRepository } from '../reward-property-definition.repository';

/** The voucher property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const VoucherPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'voucher-properties',
  noun: 'voucher property',
  holders: 'vouchers',
  store: VoucherPropertyDefinitionRepository,
});
