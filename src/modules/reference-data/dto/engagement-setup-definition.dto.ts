import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional } from 'class-validator';
import { EngagementSetupState } from '../engagement-setup.service';

/** A setup of the web tracking script as the operator defines it (operator API body, `tessera engagement-setup define` file). */
export class EngagementSetupDefinitionDto {
  // Checked by the repository, whose refusal names the field: the contract serves it as serialized JSON.
  @ApiProperty({
    description: 'The setup: a JSON object or array, or a string holding one serialized; served as serialized JSON',
    example: { site: 'shop.example', events: ['page_view'] },
  })
  @IsDefined()
  setup!: unknown;

  @ApiPropertyOptional({
    description: '1 active, 2 inactive (listed as such); absent, 1 (a deactivated one stays deactivated until activated)',
    enum: [EngagementSetupState.Active, EngagementSetupState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsInt()
  @IsIn([EngagementSetupState.Active, EngagementSetupState.Inactive])
  state?: number;
}

export class EngagementSetupDefinitionViewDto extends EngagementSetupDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) setup_id!: string;
  @ApiProperty({ description: 'Serialized JSON, exactly as the contract serves it', example: '{"site":"shop.example"}' })
  declare setup: string;
  @ApiProperty({
    description: "1 active, 2 inactive, 0 deactivated (the contract's removed, still listed)",
    enum: [0, 1, 2],
    example: 1,
  })
  declare state: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class EngagementSetupDefinitionListDto {
  @ApiProperty({ type: [EngagementSetupDefinitionViewDto] }) engagement_setups!: EngagementSetupDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class EngagementSetupDefinitionListResponseDto {
  @ApiProperty({ type: EngagementSetupDefinitionListDto }) data!: EngagementSetupDefinitionListDto;
}

export class EngagementSetupDefinitionResponseDto {
  @ApiProperty({ type: EngagementSetupDefinitionViewDto }) data!: EngagementSetupDefinitionViewDto;
}
