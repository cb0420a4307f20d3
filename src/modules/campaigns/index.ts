/** What other contexts and the admin CLI may use of campaigns: defining campaigns, campaign products and audiences. */
export { CampaignsModule } from './campaigns.module';
export { CampaignService, type CampaignDefinition } from './campaign.service';
export { CampaignDefinitionRepository } from './campaign-definition.repository';
export { CampaignDefinitionDto, CampaignDefinitionViewDto as CampaignDefinitionView } from './dto/campaign-definition.dto';
export { CampaignProductService, type CampaignProductDefinition } from './campaign-product.service';
export { CampaignProductDefinitionRepository } from './campaign-product-definition.repository';
export {
  CampaignProductDefinitionDto,
  CampaignProductDefinitionViewDto as CampaignProductDefinitionView,
} from './dto/campaign-product-definition.dto';
export { AudienceService } from './audience.service';
export { AudienceDefinitionRepository } from './audience-definition.repository';
export { AudienceDefinitionDto, AudienceDefinitionViewDto as AudienceDefinitionView } from './dto/audience-definition.dto';
export { CampaignFieldsDto } from './dto/campaign.dto';
export { CampaignPresentationDataInputDto, CampaignProductFieldsDto } from './dto/campaign-product.dto';
export { CampaignState } from './entities/campaign.entity';
export { CampaignProductState, CampaignValueType } from './entities/campaign-product.entity';
