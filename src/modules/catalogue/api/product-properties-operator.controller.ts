import { propertyCatalogueOperatorController } from '../../reference-data';
import { ProductPropertyDefinitionRepository } from '../product-property-definition.repository';

/** The product property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const ProductPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'product-properties',
  noun: 'product property',
  holders: 'products',
  store: ProductPropertyDefinitionRepository,
});
