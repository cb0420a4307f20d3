import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { isUniqueViolation, newId, pageInMemory, within } from '@tessera/core';
import { ApiInterface, CommonException, InvalidParam, InvalidReason, Page, PageRequest, invalidParam } from '@tessera/http';
import { ChangeFeed, definitionSnapshot, DefinitionRows, MemorySnapshot } from '../../platform/change-feed';
import { AuthException } from './auth.exceptions';
import { ExternalApplicationEntity } from './entities/external-application.entity';

export const EXTERNAL_APPLICATION_SORT_FIELDS = ['external_application_id', 'text_id', 'name', 'last_change', 'state'] as const;
export type ExternalApplicationSortField = (typeof EXTERNAL_APPLICATION_SORT_FIELDS)[number];

export const ExternalApplicationState = { Removed: 0, Active: 1 } as const;

/** An application as the operator defines it; without an id it is created. */
export interface ExternalApplicationDefinition {
  applicationId?: string;
  name: string;
  /** Left out: the application's id when created, unchanged when replaced. */
  textId?: string;
  /** Only when creating (Customer unless given); an existing application keeps its interface. */
  apiInterface?: ApiInterface;
}

/** The API's name for the applications it lists: the Customer-interface ones. */
const RESOURCE = 'customer-external-applications';
const TEXT_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** Registered integrating systems, one per system and interface. */
@Injectable()
export class ExternalApplicationService {
  /** Every application: the public list shows the Customer-interface ones. */
  private readonly definitions: MemorySnapshot<DefinitionRows<ExternalApplicationEntity, ExternalApplicationSortField>>;

  constructor(
    @InjectRepository(ExternalApplicationEntity) private readonly applications: Repository<ExternalApplicationEntity>,
    changes: ChangeFeed,
  ) {
    this.definitions = definitionSnapshot(changes, ['external_applications'], ExternalApplicationEntity, 'id', {
      external_application_id: 'id',
      text_id: 'textId',
      name: 'name',
      last_change: 'lastChange',
      state: 'state',
    });
  }

  async create(name: string, apiInterface: ApiInterface, manager?: EntityManager, textId?: string): Promise<string> {
    const id = newId();
    await within(this.applications, manager).insert({ id, textId: textId ?? id, name, interface: apiInterface, state: 1 });
    return id;
  }

  /** The application, which must exist, be active and belong to `apiInterface`; otherwise 403. */
  async requireActive(applicationId: string | undefined, apiInterface: ApiInterface): Promise<ExternalApplicationEntity> {
    const application = applicationId
      ? await this.applications.findOne({ where: { id: applicationId, interface: apiInterface, state: 1 } })
      : null;
    if (!application) throw AuthException.applicationNotAllowed(applicationId);
    return application;
  }

  /** An active application of either interface named in a request body, or a 400 `not_found` naming the field. */
  async requireActiveIn(field: string, applicationId: string): Promise<void> {
    if (!(await this.applications.exists({ where: { id: applicationId, state: 1 } }))) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No active external application has this id', applicationId);
    }
  }

  /** A Customer-interface application named in a request body: any but an active one is a 400 naming the field. */
  async requireCustomerApplicationIn(field: string, applicationId: string): Promise<void> {
    const exists = await this.applications.exists({ where: { id: applicationId, interface: ApiInterface.Customer, state: 1 } });
    if (!exists)
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No active customer-interface application has this id', applicationId);
  }

  // ---- the public catalogue: Customer-interface applications in every state ----

  /** `textIds`: any of these text ids. */
  async listCustomerApplications(
    filter: { textIds?: string[] },
    page: PageRequest<ExternalApplicationSortField>,
  ): Promise<Page<ExternalApplicationEntity>> {
    const textIds = filter.textIds && filter.textIds.length > 0 ? new Set(filter.textIds) : null;
    return pageInMemory(
      (await this.definitions.get()).ranked,
      (application) => application.interface === ApiInterface.Customer && (!textIds || textIds.has(application.textId)),
      page,
    );
  }

  async getCustomerApplication(applicationId: string): Promise<ExternalApplicationEntity> {
    const application = (await this.definitions.get()).byId.get(applicationId);
    if (!application || application.interface !== ApiInterface.Customer) throw CommonException.recordNotFound(RESOURCE, applicationId);
    return application;
  }

  // ---- the operator's (operator API and CLI, through the definition lifecycle) ----

  /**
   * Creates an application or replaces the name and text id of an existing one in the lifecycle's
   * transaction; its interface and state stay. Answers its id.
   */
  async define(definition: ExternalApplicationDefinition, m: EntityManager): Promise<string> {
    const problems: InvalidParam[] = [];
    if (definition.name.trim() === '') problems.push(invalidParam('name', InvalidReason.Empty, 'The application needs a name'));
    if (definition.textId !== undefined && !TEXT_ID_PATTERN.test(definition.textId)) {
      problems.push(
        invalidParam('text_id', InvalidReason.InvalidValueFormat, 'The text id has 1 to 64 letters, digits, _, . or -', definition.textId),
      );
    }
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    try {
      const taken =
        definition.textId === undefined ? null : await m.findOne(ExternalApplicationEntity, { where: { textId: definition.textId } });
      if (taken && taken.id !== definition.applicationId) throw textIdTaken(taken.textId);
      if (definition.applicationId === undefined) {
        return await this.create(definition.name.trim(), definition.apiInterface ?? ApiInterface.Customer, m, definition.textId);
      }
      const existing = await m.findOne(ExternalApplicationEntity, {
        where: { id: definition.applicationId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!existing) throw CommonException.recordNotFound('external-applications', definition.applicationId);
      if (definition.apiInterface !== undefined && definition.apiInterface !== existing.interface) {
        throw CommonException.invalid(
          'interface',
          InvalidReason.NotAllowedValue,
          'An application keeps its interface',
          definition.apiInterface,
        );
      }
      await m.update(
        ExternalApplicationEntity,
        { id: existing.id },
        { name: definition.name.trim(), textId: definition.textId ?? existing.textId, lastChange: new Date() },
      );
      return existing.id;
    } catch (error) {
      // Two definitions racing for one text id: the index decides.
      if (isUniqueViolation(error, 'external_applications_text_id_key')) throw textIdTaken(definition.textId ?? '');
      throw error;
    }
  }

  /**
   * Removed (state 0), the application can no longer sign in or create tokens, and the tokens it has are
   * refused from their next request; active again (1), they are accepted again.
   */
  async setState(applicationId: string, state: 0 | 1, m: EntityManager): Promise<void> {
    await m.update(ExternalApplicationEntity, { id: applicationId }, { state, lastChange: new Date() });
  }
}

function textIdTaken(textId: string): CommonException {
  return CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another application has this text id', textId);
}
