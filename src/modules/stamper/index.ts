/** What other contexts and the admin CLI may use of stamp cards: defining campaigns, blocking cards, and the closure's stamp step. */
export { StamperModule } from './stamper.module';
export { StamperCampaignService, type StamperCampaignDefinition } from './stamper-campaign.service';
export { StamperCampaignDefinitionRepository } from './stamper-campaign-definition.repository';
export {
  StamperCampaignDefinitionDto,
  StamperCampaignDefinitionViewDto as StamperCampaignDefinitionView,
} from './dto/stamper-campaign-definition.dto';
export { StampCardBlockingService, type StampCardStateView } from './stamp-card-blocking.service';
export { StamperCardState } from './entities/stamper-card.entity';
export { StampCollectionService, type StampedPurchase } from './stamp-collection.service';
export { STAMPER_RELATED_TO, StamperRecordState, type StamperRelatedTo } from './entities/stamper-campaign.entity';
