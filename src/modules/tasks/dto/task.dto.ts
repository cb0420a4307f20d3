import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { IsCalendarDate, ListQueryDto, PropertyRecordInputDto } from '@tessera/http';
import { TASK_PRIORITIES } from '../entities/task.entity';

const PRIORITY_DESCRIPTION = '1 critical, 2 major, 3 normal, 4 minor';

export class TaskListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() task_type_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() task_state_id?: string;
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer only' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiPropertyOptional({ type: 'integer', enum: TASK_PRIORITIES, description: PRIORITY_DESCRIPTION })
  @IsOptional()
  @Type(() => Number)
  @IsIn(TASK_PRIORITIES)
  priority?: number;
  @ApiPropertyOptional({ format: 'date', example: '2025-04-01' }) @IsOptional() @IsCalendarDate() due_date?: string;
  @ApiPropertyOptional({ description: 'Part of the title, without regard to letter case' }) @IsOptional() @IsString() task_title?: string;
  @ApiPropertyOptional({ description: 'Part of the note, without regard to letter case' }) @IsOptional() @IsString() task_note?: string;
}

export class TaskCommentListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the text, without regard to letter case' })
  @IsOptional()
  @IsString()
  task_comment_text?: string;
}

/** A task as a client writes it; read-only fields are accepted and ignored. */
export class TaskInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() task_type_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() task_state_id!: string;
  @ApiProperty({ description: 'On the Customer interface the logged-in customer, who is also the default' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() task_title!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() task_note?: string | null;
  @ApiProperty({ type: 'integer', enum: TASK_PRIORITIES, description: PRIORITY_DESCRIPTION })
  @IsDefined()
  @IsInt()
  @IsIn(TASK_PRIORITIES)
  task_priority!: number;
  @ApiPropertyOptional({ format: 'date', example: '2025-04-01' }) @IsOptional() @IsCalendarDate() due_date?: string | null;
  @ApiPropertyOptional({ readOnly: true }) @Allow() task_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() created_at?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class TaskAssigneeInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() user_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() task_assignee_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class TaskPostBodyDto {
  @ApiProperty({ type: () => TaskInputDto }) @IsDefined() @ValidateNested() @Type(() => TaskInputDto) task!: TaskInputDto;
  @ApiPropertyOptional({ type: () => [PropertyRecordInputDto], maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  property_records?: PropertyRecordInputDto[];
  @ApiPropertyOptional({ type: () => [TaskAssigneeInputDto], maxItems: 1000, description: 'Enterprise interface only' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TaskAssigneeInputDto)
  assignees?: TaskAssigneeInputDto[];
}

export class TaskPutBodyDto {
  @ApiProperty({ type: () => TaskInputDto }) @IsDefined() @ValidateNested() @Type(() => TaskInputDto) task!: TaskInputDto;
}

/** A comment as a client writes it: the task comes from the path. */
export class TaskCommentInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() text!: string;
  @ApiPropertyOptional({ readOnly: true, description: 'Taken from the path' }) @Allow() task_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() task_comment_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class TaskCommentPostBodyDto {
  @ApiProperty({ type: () => TaskCommentInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => TaskCommentInputDto)
  task_comment!: TaskCommentInputDto;
}

export class TaskAssigneePostBodyDto {
  @ApiProperty({ type: () => TaskAssigneeInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => TaskAssigneeInputDto)
  task_assignee!: TaskAssigneeInputDto;
}

export class TaskPropertyListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
}
