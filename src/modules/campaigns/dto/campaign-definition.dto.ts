import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CampaignState } from '../entities/campaign.entity';

/** A campaign as the operator defines it (operator API body, `tessera campaign define` file), with the API's field names. */
export class CampaignDefinitionDto {
  @ApiProperty({ example: 'Spring sale' }) @IsDefined() @IsString() @IsNotEmpty() name!: string;
  @ApiPropertyOptional({ description: "The campaign's id elsewhere", example: 'spring-2026' })
  @IsOptional()
  @IsString()
  external_id?: string;

  @ApiPropertyOptional({
    description: 'Another campaign, not deactivated nor beneath this one',
    example: '5e1f0a9b3c7d4e2f8a6b0c1d2e3f4a5b',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  parent_id?: string;

  @ApiPropertyOptional({
    description: '1 active, 2 hidden from customers; left out, 1 (a deactivated campaign stays deactivated)',
    enum: [CampaignState.Active, CampaignState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsIn([CampaignState.Active, CampaignState.Inactive])
  state?: CampaignState.Active | CampaignState.Inactive;

  @ApiPropertyOptional({ description: 'The active audience (id) the campaign addresses', example: '7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  audience_id?: string | null;
}

export class CampaignDefinitionViewDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) campaign_id!: string;
  @ApiProperty({ example: 'Spring sale' }) name!: string;
  @ApiPropertyOptional({ example: 'spring-2026' }) external_id?: string;
  @ApiPropertyOptional({ example: '5e1f0a9b3c7d4e2f8a6b0c1d2e3f4a5b' }) parent_id?: string;
  @ApiPropertyOptional({ example: '7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c' }) audience_id?: string;
  @ApiProperty({ description: '1 active, 2 hidden from customers, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CampaignDefinitionListDto {
  @ApiProperty({ type: [CampaignDefinitionViewDto] }) campaigns!: CampaignDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CampaignDefinitionListResponseDto {
  @ApiProperty({ type: CampaignDefinitionListDto }) data!: CampaignDefinitionListDto;
}

export class CampaignDefinitionResponseDto {
  @ApiProperty({ type: CampaignDefinitionViewDto }) data!: CampaignDefinitionViewDto;
}
