import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsDefined, IsString } from 'class-validator';

/**
 * A property value sent with a record (a customer, a purchase or its item, a task, an event): the
 * value is checked against the property's data type by the owning context; read-only fields of the
 * answer's shape are accepted and ignored, so a client may send back what it read.
 */
export class PropertyRecordInputDto {
  @ApiProperty() @IsDefined() @IsString() property_id!: string;
  @ApiPropertyOptional({ description: 'Shaped by the property data type' }) @Allow() property_value?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() property_record_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() property_name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}
