import { ApiProperty } from '@nestjs/swagger';
import { StamperCampaignDto, StamperCardDto, StamperStampDto } from './stamper.dto';

export class StamperCampaignListDataDto {
  @ApiProperty({ type: () => [StamperCampaignDto] }) stamper_campaigns!: StamperCampaignDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StamperCampaignListResponseDto {
  @ApiProperty({ type: () => StamperCampaignListDataDto }) data!: StamperCampaignListDataDto;
}

export class StamperCampaignResponseDto {
  @ApiProperty({ type: () => StamperCampaignDto }) data!: StamperCampaignDto;
}

export class StamperCardListDataDto {
  @ApiProperty({ type: () => [StamperCardDto] }) stamper_cards!: StamperCardDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StamperCardListResponseDto {
  @ApiProperty({ type: () => StamperCardListDataDto }) data!: StamperCardListDataDto;
}

export class StamperCardResponseDto {
  @ApiProperty({ type: () => StamperCardDto }) data!: StamperCardDto;
}

export class StamperStampListDataDto {
  @ApiProperty({ type: () => [StamperStampDto] }) stamper_stamps!: StamperStampDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class StamperStampListResponseDto {
  @ApiProperty({ type: () => StamperStampListDataDto }) data!: StamperStampListDataDto;
}

export class StamperStampResponseDto {
  @ApiProperty({ type: () => StamperStampDto }) data!: StamperStampDto;
}
