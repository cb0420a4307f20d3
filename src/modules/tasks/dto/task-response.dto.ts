import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PropertyDto } from '../../reference-data';
import { TASK_PRIORITIES } from '../entities/task.entity';

const STATE = { readOnly: true, type: 'integer', enum: [0, 1, 2], description: '0 deleted, 1 active, 2 inactive' } as const;

export class TaskDto {
  @ApiProperty({ readOnly: true }) task_id!: string;
  @ApiProperty() task_type_id!: string;
  @ApiProperty() task_state_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiPropertyOptional() task_note?: string;
  @ApiProperty() task_title!: string;
  @ApiProperty({ type: 'integer', enum: TASK_PRIORITIES, description: '1 critical, 2 major, 3 normal, 4 minor' }) task_priority!: number;
  @ApiPropertyOptional({ format: 'date', example: '2025-04-01' }) due_date?: string;
  @ApiProperty({ readOnly: true, example: '2025-03-28 16:59:49' }) created_at!: string;
  @ApiProperty(STATE) state!: number;
}

export class TaskCommentDto {
  @ApiProperty({ readOnly: true }) task_comment_id!: string;
  @ApiProperty({ readOnly: true }) task_id!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ readOnly: true, example: '2025-03-28 16:59:49' }) last_change!: string;
  @ApiProperty(STATE) state!: number;
}

export class TaskAssigneeDto {
  @ApiProperty({ readOnly: true }) task_assignee_id!: string;
  @ApiProperty() user_id!: string;
  @ApiProperty({ readOnly: true, description: "The user's name" }) name!: string;
  @ApiProperty({ readOnly: true, example: '2025-03-28 16:59:49' }) last_change!: string;
}

export class TaskTypeDto {
  @ApiProperty({ readOnly: true }) task_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ readOnly: true }) text_id!: string;
  @ApiProperty(STATE) state!: number;
}

export class TaskStateDto {
  @ApiProperty({ readOnly: true }) task_state_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ readOnly: true }) text_id!: string;
  @ApiProperty(STATE) state!: number;
}

/** A stored value of a task property. */
export class TaskPropertyRecordDto {
  @ApiProperty({ readOnly: true, description: 'The property id and the task id, joined by a colon' }) property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiPropertyOptional({ readOnly: true }) property_name?: string;
  @ApiPropertyOptional({ description: 'Shaped by the property data type' }) property_value?: unknown;
  @ApiProperty({ readOnly: true, example: '2025-03-28 16:59:49' }) last_change!: string;
}

export class TaskListDataDto {
  @ApiProperty({ type: () => [TaskDto] }) tasks!: TaskDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskListResponseDto {
  @ApiProperty({ type: () => TaskListDataDto }) data!: TaskListDataDto;
}
export class TaskResponseDto {
  @ApiProperty({ type: () => TaskDto }) data!: TaskDto;
}
export class TaskIdDto {
  @ApiProperty() task_id!: string;
}
export class TaskIdResponseDto {
  @ApiProperty({ type: () => TaskIdDto }) data!: TaskIdDto;
}

export class TaskCommentListDataDto {
  @ApiProperty({ type: () => [TaskCommentDto] }) task_comments!: TaskCommentDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskCommentListResponseDto {
  @ApiProperty({ type: () => TaskCommentListDataDto }) data!: TaskCommentListDataDto;
}
export class TaskCommentResponseDto {
  @ApiProperty({ type: () => TaskCommentDto }) data!: TaskCommentDto;
}
export class TaskCommentIdDto {
  @ApiProperty() task_comment_id!: string;
}
export class TaskCommentIdResponseDto {
  @ApiProperty({ type: () => TaskCommentIdDto }) data!: TaskCommentIdDto;
}

export class TaskAssigneeListDataDto {
  @ApiProperty({ type: () => [TaskAssigneeDto] }) task_assignees!: TaskAssigneeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskAssigneeListResponseDto {
  @ApiProperty({ type: () => TaskAssigneeListDataDto }) data!: TaskAssigneeListDataDto;
}
export class TaskAssigneeResponseDto {
  @ApiProperty({ type: () => TaskAssigneeDto }) data!: TaskAssigneeDto;
}
export class TaskAssigneeIdDto {
  @ApiProperty() task_assignee_id!: string;
}
export class TaskAssigneeIdResponseDto {
  @ApiProperty({ type: () => TaskAssigneeIdDto }) data!: TaskAssigneeIdDto;
}

export class TaskTypeListDataDto {
  @ApiProperty({ type: () => [TaskTypeDto] }) task_types!: TaskTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskTypeListResponseDto {
  @ApiProperty({ type: () => TaskTypeListDataDto }) data!: TaskTypeListDataDto;
}
export class TaskTypeResponseDto {
  @ApiProperty({ type: () => TaskTypeDto }) data!: TaskTypeDto;
}

export class TaskStateListDataDto {
  @ApiProperty({ type: () => [TaskStateDto] }) task_states!: TaskStateDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskStateListResponseDto {
  @ApiProperty({ type: () => TaskStateListDataDto }) data!: TaskStateListDataDto;
}
export class TaskStateResponseDto {
  @ApiProperty({ type: () => TaskStateDto }) data!: TaskStateDto;
}

export class TaskPropertyRecordListDataDto {
  @ApiProperty({ type: () => [TaskPropertyRecordDto] }) property_records!: TaskPropertyRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskPropertyRecordListResponseDto {
  @ApiProperty({ type: () => TaskPropertyRecordListDataDto }) data!: TaskPropertyRecordListDataDto;
}

export class TaskPropertyListDataDto {
  @ApiProperty({ type: () => [PropertyDto] }) task_properties!: PropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}
export class TaskPropertyListResponseDto {
  @ApiProperty({ type: () => TaskPropertyListDataDto }) data!: TaskPropertyListDataDto;
}
