import { ApiProperty } from '@nestjs/swagger';
import { AcceptedPaymentDto, RecommendedRewardDto } from './purchase-closure.dto';
import { PaymentSummaryDto, PurchaseDto, PurchaseItemDto } from './purchase.dto';

export class PurchaseListDataDto {
  @ApiProperty({ type: () => [PurchaseDto] }) purchases!: PurchaseDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchaseListResponseDto {
  @ApiProperty({ type: () => PurchaseListDataDto }) data!: PurchaseListDataDto;
}

export class PurchaseResponseDto {
  @ApiProperty({ type: () => PurchaseDto }) data!: PurchaseDto;
}

export class PurchaseItemListDataDto {
  @ApiProperty({ type: () => [PurchaseItemDto] }) purchase_items!: PurchaseItemDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PurchaseItemListResponseDto {
  @ApiProperty({ type: () => PurchaseItemListDataDto }) data!: PurchaseItemListDataDto;
}

export class PaymentSummaryResponseDto {
  @ApiProperty({ type: () => PaymentSummaryDto }) data!: PaymentSummaryDto;
}

export class RecommendedBestRewardsDataDto {
  @ApiProperty({ type: () => [RecommendedRewardDto] }) recommended_best_rewards!: RecommendedRewardDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class RecommendedBestRewardsResponseDto {
  @ApiProperty({ type: () => RecommendedBestRewardsDataDto }) data!: RecommendedBestRewardsDataDto;
}

export class AcceptedPaymentResponseDto {
  @ApiProperty({ type: () => AcceptedPaymentDto }) data!: AcceptedPaymentDto;
}

export class PurchaseIdDto {
  @ApiProperty() purchase_id!: string;
}

export class PurchaseIdResponseDto {
  @ApiProperty({ type: () => PurchaseIdDto }) data!: PurchaseIdDto;
}
