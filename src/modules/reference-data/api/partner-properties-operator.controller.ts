import { propertyCatalogueOperatorController } from './property-catalogue-operator.controller';
import { PartnerPropertyDefinitionRepository } from '../partner-property-definition.repository';

/** The partner property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const PartnerPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'partner-properties',
  noun: 'partner property',
  holders: 'partners',
  store: PartnerPropertyDefinitionRepository,
});
