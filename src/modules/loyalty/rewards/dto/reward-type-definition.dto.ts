import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { RewardKind } from '../reward-type.service';

const REWARD_KINDS = Object.values(RewardKind);

/** A reward type as the operator defines it (operator API body, `tessera reward-type define` file). */
export class RewardTypeDefinitionDto {
  @ApiProperty({ description: 'The key rewards name it by', example: 'member_discount' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;

  @ApiProperty({ example: 'Member discount' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;

  @ApiProperty({
    description: 'How the rules apply rewards of this type; fixed while any reward has the type',
    enum: REWARD_KINDS,
    example: RewardKind.PercentageDiscount,
  })
  @IsDefined()
  @IsIn(REWARD_KINDS, { message: `kind is one of ${REWARD_KINDS.join(', ')}` })
  kind!: string;
}

export class RewardTypeDefinitionViewDto extends RewardTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) reward_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class RewardTypeDefinitionListDto {
  @ApiProperty({ type: [RewardTypeDefinitionViewDto] }) reward_types!: RewardTypeDefinitionViewDto[];
  @ApiProperty({ example: 5 }) total_items!: number;
}

export class RewardTypeDefinitionListResponseDto {
  @ApiProperty({ type: RewardTypeDefinitionListDto }) data!: RewardTypeDefinitionListDto;
}

export class RewardTypeDefinitionResponseDto {
  @ApiProperty({ type: RewardTypeDefinitionViewDto }) data!: RewardTypeDefinitionViewDto;
}
