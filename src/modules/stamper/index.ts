/** What other contexts and the admin CLI may use of stamp cards: defining campaigns, and the closure's stamp step. */
export { StamperModule } from './stamper.module';
export {
  StamperCampaignService,
  type StamperCampaignDefinition,
  type StamperCampaignOverview,
  type StamperCheckpointDefinition,
  type StamperConditionDefinition,
} from './stamper-campaign.service';
export { StampCollectionService, type StampedPurchase } from './stamp-collection.service';
export { STAMPER_RELATED_TO, StamperRecordState, type StamperRelatedTo } from './entities/stamper-campaign.entity';
