import { formatDateTime } from '@tessera/http';
import { TaskAssigneeDto, TaskCommentDto, TaskDto, TaskPropertyRecordDto, TaskStateDto, TaskTypeDto } from './dto/task-response.dto';
import { TaskStateEntity, TaskTypeEntity } from './entities/task-catalogue.entity';
import { TaskCommentEntity, TaskEntity } from './entities/task.entity';
import { TaskAssigneeView } from './task-discussion.service';
import { TaskPropertyRecordView } from './task.service';

export function toTaskDto(task: TaskEntity, timeZone: string): TaskDto {
  return {
    task_id: task.id,
    task_type_id: task.taskTypeId,
    task_state_id: task.taskStateId,
    customer_id: task.customerId,
    ...(task.note === null ? {} : { task_note: task.note }),
    task_title: task.title,
    task_priority: task.priority,
    ...(task.dueDate === null ? {} : { due_date: task.dueDate }),
    created_at: formatDateTime(task.createdAt, timeZone),
    state: task.state,
  };
}

export function toTaskCommentDto(comment: TaskCommentEntity, timeZone: string): TaskCommentDto {
  return {
    task_comment_id: comment.id,
    task_id: comment.taskId,
    text: comment.text,
    last_change: formatDateTime(comment.lastChange, timeZone),
    state: comment.state,
  };
}

export function toTaskAssigneeDto({ assignee, name }: TaskAssigneeView, timeZone: string): TaskAssigneeDto {
  return {
    task_assignee_id: assignee.id,
    user_id: assignee.userId,
    name,
    last_change: formatDateTime(assignee.lastChange, timeZone),
  };
}

export function toTaskTypeDto(type: TaskTypeEntity): TaskTypeDto {
  return { task_type_id: type.id, name: type.name, text_id: type.textId, state: type.state };
}

export function toTaskStateDto(state: TaskStateEntity): TaskStateDto {
  return { task_state_id: state.id, name: state.name, text_id: state.textId, state: state.state };
}

export function toTaskPropertyRecordDto({ record, propertyName }: TaskPropertyRecordView, timeZone: string): TaskPropertyRecordDto {
  return {
    property_record_id: `${record.propertyId}:${record.taskId}`,
    property_id: record.propertyId,
    ...(propertyName === null ? {} : { property_name: propertyName }),
    ...(record.value === null ? {} : { property_value: record.value }),
    last_change: formatDateTime(record.lastChange, timeZone),
  };
}
