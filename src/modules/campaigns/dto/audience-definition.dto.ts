import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsDefined, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** An audience as the operator defines it (operator API body, `tessera audience define` file). */
export class AudienceDefinitionDto {
  @ApiProperty({ example: 'Newsletter readers' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'name needs more than spaces' })
  @MaxLength(500)
  name!: string;

  @ApiProperty({
    description: 'An active communication channel: its id, its text id (email) or its numeric code written as a string; the id is stored',
    example: 'email',
  })
  @IsDefined()
  @IsString()
  communication_channel_id!: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'The segments (ids) the audience targets: its members are the customers in any of them. Absent or empty: a label with no members',
    example: ['3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsString({ each: true })
  segment_ids?: string[];
}

export class AudienceDefinitionViewDto extends AudienceDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) audience_id!: string;
  @ApiProperty({ description: "The channel's id", example: '5e1f0a9b3c7d4e2f8a6b0c1d2e3f4a5b' }) declare communication_channel_id: string;
  @ApiProperty({ description: "The channel's text id", example: 'email' }) communication_channel_text_id!: string;
  @ApiProperty({ description: "1 active, 0 deactivated (the contract's deleted, still listed)", enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
  @ApiProperty({ type: [String], description: 'The segments (ids) it targets' }) declare segment_ids: string[];
  @ApiProperty({ description: 'Customers in any of its segments now, each once', example: 1250 }) member_count!: number;
}

class AudienceDefinitionListDto {
  @ApiProperty({ type: [AudienceDefinitionViewDto] }) audiences!: AudienceDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class AudienceDefinitionListResponseDto {
  @ApiProperty({ type: AudienceDefinitionListDto }) data!: AudienceDefinitionListDto;
}

export class AudienceDefinitionResponseDto {
  @ApiProperty({ type: AudienceDefinitionViewDto }) data!: AudienceDefinitionViewDto;
}
