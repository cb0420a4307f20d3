import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString } from 'class-validator';
import { RewardListQueryDto } from '../../loyalty';

/**
 * The reward list's filters and paging. The ranking decides the order, so no field is sortable: the
 * sort parameters stay declared only so that a `sort_field` is refused as on every other list, not ignored.
 */
export class RewardRecommendationQueryDto extends RewardListQueryDto {}

export class RewardRecommendationActionQueryDto extends RewardRecommendationQueryDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
}
