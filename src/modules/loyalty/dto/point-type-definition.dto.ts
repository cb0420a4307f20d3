import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A point type as the operator defines it (operator API body, `tessera point-type define` file). */
export class PointTypeDefinitionDto {
  @ApiProperty({ example: 'Bonus points' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty({
    description:
      'Exactly one active point type is the default, used wherever a request names none: making this one the default unmakes the other',
    example: false,
  })
  @IsDefined()
  @IsBoolean()
  is_default!: boolean;
}

export class PointTypeDefinitionViewDto extends PointTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) point_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PointTypeDefinitionListDto {
  @ApiProperty({ type: [PointTypeDefinitionViewDto] }) point_types!: PointTypeDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class PointTypeDefinitionListResponseDto {
  @ApiProperty({ type: PointTypeDefinitionListDto }) data!: PointTypeDefinitionListDto;
}

export class PointTypeDefinitionResponseDto {
  @ApiProperty({ type: PointTypeDefinitionViewDto }) data!: PointTypeDefinitionViewDto;
}
