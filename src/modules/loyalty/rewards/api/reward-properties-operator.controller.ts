import { propertyCatalogueOperatorController } from '../../../reference-data';
import { RewardPropertyDefinitionRepository } from '../reward-property-definition.repository';

/** The reward property catalogue on the operator API, with the lifecycle every property catalogue shares. */
export const RewardPropertiesOperatorController = propertyCatalogueOperatorController({
  resource: 'reward-properties',
  noun: 'reward property',
  holders: 'rewards',
  store: RewardPropertyDefinitionRepository,
});
