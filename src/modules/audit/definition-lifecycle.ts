import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException, Page, PageRequest } from '@tessera/http';
import { AuditActor } from './audit-actor';
import { AuditTrail } from './audit-trail.service';

/** 1 active, 0 deactivated: kept for history and for the records that point at it (decision 35). */
export type DefinitionState = 0 | 1;

export interface DefinitionFilter {
  /** Part of the name, the text id or the code. */
  q?: string;
  state?: number;
}

/**
 * One kind of definition as its own context stores it: the SQL behind the operator API's list, show,
 * create, change and (de)activate. Views are what the operator API answers and the audit trail keeps
 * as before and after, in the shape `insert` and `update` take plus the id and state.
 */
export interface DefinitionStore<TInput, TView> {
  /** Names the audit trail's target type (`tag`). */
  readonly kind: string;
  /** Names the resource in a 404 (`tags`). */
  readonly resource: string;
  list(filter: DefinitionFilter, page: PageRequest): Promise<Page<TView>>;
  /** By id or by the human key the kind has (text id, code); null when neither names one. */
  find(key: string, manager: EntityManager): Promise<TView | null>;
  idOf(view: TView): string;
  /** Checks the input against what it refers to (errors name the field) and stores it; returns the new id. */
  insert(input: TInput, manager: EntityManager): Promise<string>;
  update(id: string, input: TInput, manager: EntityManager): Promise<void>;
  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void>;
}

/**
 * Every definition's lifecycle, the same for each kind: each write runs in one transaction with its
 * audit row, which keeps the definition as it was and as it became.
 */
@Injectable()
export class DefinitionLifecycle {
  constructor(private readonly audit: AuditTrail) {}

  async show<TView>(store: DefinitionStore<unknown, TView>, key: string): Promise<TView> {
    const found = await store.find(key, this.audit.manager);
    if (!found) throw CommonException.recordNotFound(store.resource, key);
    return found;
  }

  async create<TInput, TView>(actor: AuditActor, store: DefinitionStore<TInput, TView>, input: TInput): Promise<TView> {
    return this.audit.audited(actor, async (manager) => {
      const id = await store.insert(input, manager);
      const after = await this.required(store, id, manager);
      return { value: after, targetType: store.kind, targetId: id, after: after as object };
    });
  }

  async change<TInput, TView>(actor: AuditActor, store: DefinitionStore<TInput, TView>, key: string, input: TInput): Promise<TView> {
    return this.audit.audited(actor, async (manager) => {
      const before = await this.required(store, key, manager);
      const id = store.idOf(before);
      await store.update(id, input, manager);
      const after = await this.required(store, id, manager);
      return { value: after, targetType: store.kind, targetId: id, before: before as object, after: after as object };
    });
  }

  async setState<TView>(actor: AuditActor, store: DefinitionStore<unknown, TView>, key: string, state: DefinitionState): Promise<TView> {
    return this.audit.audited(actor, async (manager) => {
      const before = await this.required(store, key, manager);
      const id = store.idOf(before);
      await store.setState(id, state, manager);
      const after = await this.required(store, id, manager);
      return { value: after, targetType: store.kind, targetId: id, before: before as object, after: after as object };
    });
  }

  private async required<TView>(store: DefinitionStore<unknown, TView>, key: string, manager: EntityManager): Promise<TView> {
    const found = await store.find(key, manager);
    if (!found) throw CommonException.recordNotFound(store.resource, key);
    return found;
  }
}
