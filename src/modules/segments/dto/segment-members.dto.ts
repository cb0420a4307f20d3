import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsDefined, IsString } from 'class-validator';

/** Customers to add to a segment or remove from it. */
export class SegmentMembersBodyDto {
  @ApiProperty({ description: 'Customer ids, each once (at most 1000)', example: ['7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c'] })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ArrayUnique()
  @IsString({ each: true })
  customer_ids!: string[];
}

export class SegmentMemberDto {
  @ApiProperty({ example: '7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c' }) customer_id!: string;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class SegmentMemberListDto {
  @ApiProperty({ type: [SegmentMemberDto] }) members!: SegmentMemberDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class SegmentMemberListResponseDto {
  @ApiProperty({ type: SegmentMemberListDto }) data!: SegmentMemberListDto;
}

/** What an add or a remove did: customers already in (or not in) the segment are counted, not refused. */
export class SegmentMembershipChangeDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) segment_id!: string;
  @ApiProperty({ description: 'Customers named', example: 2 }) requested!: number;
  @ApiProperty({ description: 'Customers whose membership changed', example: 1 }) changed!: number;
  @ApiProperty({ description: 'The ids of those customers', example: ['7c1e4b2a9d3f4e5a8b6c0d1e2f3a4b5c'] }) customer_ids!: string[];
}

export class SegmentMembershipChangeResponseDto {
  @ApiProperty({ type: SegmentMembershipChangeDto }) data!: SegmentMembershipChangeDto;
}
