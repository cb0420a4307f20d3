import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** An interest as the operator defines it (operator API body, `tessera interest define` file). */
export class InterestDefinitionDto {
  @ApiProperty({ description: 'What customers declare an interest in', example: 'Running' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  name!: string;
}

export class InterestDefinitionViewDto extends InterestDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) interest_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class InterestDefinitionListDto {
  @ApiProperty({ type: [InterestDefinitionViewDto] }) interests!: InterestDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class InterestDefinitionListResponseDto {
  @ApiProperty({ type: InterestDefinitionListDto }) data!: InterestDefinitionListDto;
}

export class InterestDefinitionResponseDto {
  @ApiProperty({ type: InterestDefinitionViewDto }) data!: InterestDefinitionViewDto;
}
