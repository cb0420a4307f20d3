import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fetchPage, likePattern, newId } from '@tessera/core';
import { Actor, CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { ApiUserService } from '../auth';
import { TaskAssigneeEntity, TaskCommentEntity } from './entities/task.entity';
import { TaskService } from './task.service';

const COMMENT_SORT_COLUMNS = { task_comment_id: 'c.id', text: 'c.text', last_change: 'c.lastChange', state: 'c.state' } as const;
export type TaskCommentSortField = keyof typeof COMMENT_SORT_COLUMNS;
export const TASK_COMMENT_SORT_FIELDS = Object.keys(COMMENT_SORT_COLUMNS) as TaskCommentSortField[];

const ASSIGNEE_SORT_COLUMNS = { task_assignee_id: 'a.id', user_id: 'a.userId', last_change: 'a.lastChange' } as const;
export type TaskAssigneeSortField = keyof typeof ASSIGNEE_SORT_COLUMNS;
export const TASK_ASSIGNEE_SORT_FIELDS = Object.keys(ASSIGNEE_SORT_COLUMNS) as TaskAssigneeSortField[];

/** An assignment with the user's display name. */
export interface TaskAssigneeView {
  assignee: TaskAssigneeEntity;
  name: string;
}

/**
 * A task's comments and the users assigned to it. Every operation first finds the task as the caller
 * may see it (404 otherwise), so the Customer interface reaches only the logged-in customer's tasks.
 */
@Injectable()
export class TaskDiscussionService {
  constructor(
    @InjectRepository(TaskCommentEntity) private readonly comments: Repository<TaskCommentEntity>,
    @InjectRepository(TaskAssigneeEntity) private readonly assignees: Repository<TaskAssigneeEntity>,
    private readonly tasks: TaskService,
    private readonly users: ApiUserService,
  ) {}

  // ---- comments ----

  /** Oldest first unless sorted; `task_comment_text` matches part of the text, without regard to letter case. */
  async listComments(
    actor: Actor,
    taskId: string,
    filter: { task_comment_text?: string },
    page: PageRequest<TaskCommentSortField>,
  ): Promise<Page<TaskCommentEntity>> {
    await this.tasks.get(actor, taskId);
    const query = this.comments.createQueryBuilder('c').where('c.task_id = :taskId', { taskId });
    if (filter.task_comment_text) query.andWhere('c.text ILIKE :text', { text: likePattern(filter.task_comment_text) });
    return fetchPage(query, page, COMMENT_SORT_COLUMNS, 'c.id', { defaultOrder: 'c.lastChange', oneRowPerRecord: true });
  }

  async getComment(actor: Actor, taskId: string, commentId: string): Promise<TaskCommentEntity> {
    await this.tasks.get(actor, taskId);
    const comment = await this.comments.findOne({ where: { id: commentId, taskId } });
    if (!comment) throw CommonException.recordNotFound('task-comments', commentId);
    return comment;
  }

  async addComment(actor: Actor, taskId: string, text: string): Promise<string> {
    await this.tasks.get(actor, taskId);
    const id = newId();
    await this.comments.insert({ id, taskId, text });
    return id;
  }

  // ---- assignees ----

  async listAssignees(actor: Actor, taskId: string, page: PageRequest<TaskAssigneeSortField>): Promise<Page<TaskAssigneeView>> {
    await this.tasks.get(actor, taskId);
    const query = this.assignees.createQueryBuilder('a').where('a.task_id = :taskId', { taskId });
    const found = await fetchPage(query, page, ASSIGNEE_SORT_COLUMNS, 'a.id', { defaultOrder: 'a.lastChange', oneRowPerRecord: true });
    const names = await this.users.namesOf(found.items.map((assignee) => assignee.userId));
    return { items: found.items.map((assignee) => ({ assignee, name: names.get(assignee.userId) ?? '' })), total: found.total };
  }

  async getAssignee(actor: Actor, taskId: string, assigneeId: string): Promise<TaskAssigneeView> {
    await this.tasks.get(actor, taskId);
    const assignee = await this.assignees.findOne({ where: { id: assigneeId, taskId } });
    if (!assignee) throw CommonException.recordNotFound('assignees', assigneeId);
    const names = await this.users.namesOf([assignee.userId]);
    return { assignee, name: names.get(assignee.userId) ?? '' };
  }

  /** Assigns an existing user who is not assigned yet; the table's key decides between concurrent requests. */
  async assign(actor: Actor, taskId: string, userId: string): Promise<string> {
    await this.tasks.get(actor, taskId);
    const field = 'task_assignee.user_id';
    if (!(await this.users.namesOf([userId])).has(userId)) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No user has this id', userId);
    }
    const id = newId();
    const inserted: unknown[] = await this.assignees.query(
      `INSERT INTO task_assignees (task_assignee_id, task_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (task_id, user_id) DO NOTHING
       RETURNING task_assignee_id`,
      [id, taskId, userId],
    );
    if (inserted.length === 0) {
      throw CommonException.invalid(field, InvalidReason.RelationAlreadyExists, 'The user is assigned to the task already', userId);
    }
    return id;
  }

  async unassign(actor: Actor, taskId: string, assigneeId: string): Promise<void> {
    await this.tasks.get(actor, taskId);
    const deleted = await this.assignees.delete({ id: assigneeId, taskId });
    if (!deleted.affected) throw CommonException.recordNotFound('assignees', assigneeId);
  }
}
