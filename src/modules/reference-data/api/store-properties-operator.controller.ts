import { propertyCatalogueOperatorController } from './property-catalogue-operator.controller';
import { StorePropertyDefinitionRepository } from '../store-property-definition.repository';

/** The store property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const StorePropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'store-properties',
  noun: 'store property',
  holders: 'stores',
  store: StorePropertyDefinitionRepository,
});
