import { ApiProperty, OmitType } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString } from 'class-validator';
import { RewardListQueryDto } from '../../loyalty';

/** The reward list's filters and paging; the ranking decides the order, so there is no sort. */
export class RewardRecommendationQueryDto extends OmitType(RewardListQueryDto, ['sort_field', 'sort_direction'] as const) {}

export class RewardRecommendationActionQueryDto extends RewardRecommendationQueryDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
}
