import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A store group as the operator defines it (operator API body, `tessera store-group define` file). */
export class StoreGroupDefinitionDto {
  @ApiProperty({ example: 'Groceries' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;
}

export class StoreGroupDefinitionViewDto extends StoreGroupDefinitionDto {
  @ApiProperty({ example: '8bed991c68a470e7aaeffbf048' }) store_group_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class StoreGroupDefinitionListDto {
  @ApiProperty({ type: [StoreGroupDefinitionViewDto] }) store_groups!: StoreGroupDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class StoreGroupDefinitionListResponseDto {
  @ApiProperty({ type: StoreGroupDefinitionListDto }) data!: StoreGroupDefinitionListDto;
}

export class StoreGroupDefinitionResponseDto {
  @ApiProperty({ type: StoreGroupDefinitionViewDto }) data!: StoreGroupDefinitionViewDto;
}
