import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsDefined, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class CampaignListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'The external id, exactly (it need not be unique)' }) @IsOptional() @IsString() external_id?: string;
}

/** The fields of a campaign that a client or the operator writes. */
export class CampaignFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional({ description: 'Another campaign' }) @IsOptional() @IsString() @IsNotEmpty() parent_id?: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() name!: string;
}

/** A campaign as clients write it; read-only fields are accepted (as GET returns them) and ignored. */
export class CampaignInputDto extends CampaignFieldsDto {
  @ApiPropertyOptional({ readOnly: true, deprecated: true }) @Allow() idcampaign?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() campaign_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class CampaignBodyDto {
  @ApiProperty({ type: CampaignInputDto }) @IsDefined() @ValidateNested() @Type(() => CampaignInputDto) campaign!: CampaignInputDto;
}

export class CampaignDto {
  @ApiProperty({ readOnly: true, deprecated: true, description: 'The same as campaign_id' }) idcampaign!: string;
  @ApiProperty({ readOnly: true }) campaign_id!: string;
  @ApiPropertyOptional({ type: String }) external_id?: string | null;
  @ApiPropertyOptional({ type: String }) parent_id?: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2], description: '0 deleted, 1 active, 2 inactive' }) state!: number;
}

export class CampaignListDataDto {
  @ApiProperty({ type: () => [CampaignDto] }) campaigns!: CampaignDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CampaignListResponseDto {
  @ApiProperty({ type: () => CampaignListDataDto }) data!: CampaignListDataDto;
}

export class CampaignResponseDto {
  @ApiProperty({ type: () => CampaignDto }) data!: CampaignDto;
}

export class CampaignIdDto {
  @ApiProperty() campaign_id!: string;
}

export class CampaignIdResponseDto {
  @ApiProperty({ type: () => CampaignIdDto }) data!: CampaignIdDto;
}
