import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { CommonErrorCode, CommonException, InvalidParam, InvalidReason, invalidParam, textIdProblems, throwIfAny } from '@tessera/http';
import { PropertyDefinition } from '../reference-data';
import { OUTBOX_EVENT_TYPES } from '../../platform/outbox';
import { EventCatalogueState, EventGroupEntity, EventTypeEntity } from './entities/event-catalogue.entity';
import { EventPropertyService } from './event-property.service';

/** Text ids are what integrations hard-code: lowercase letters, digits and underscores. */

export interface EventGroupDefinition {
  textId: string;
  name: string;
  /** Active unless given; removing (0) is `removeGroup`. */
  state?: EventCatalogueState.Active | EventCatalogueState.Inactive;
}

export interface EventTypeDefinition {
  textId: string;
  name: string;
  /** The group, by its id or its text id. */
  group: string;
  iconName?: string;
  state?: EventCatalogueState.Active | EventCatalogueState.Inactive;
  /** The properties events of the type may carry: the whole set. */
  propertyIds: string[];
  /** When the group is also named by its text id: which must then be the group's. */
  groupTextId?: string;
}

/** An event property is defined as any catalogue property is. */
export type EventPropertyDefinition = PropertyDefinition;

/** What `define` did, and the id of the record (new ones get an opaque id). */
export interface DefineOutcome {
  id: string;
  created: boolean;
}

const { Deleted: DELETED, Active: ACTIVE } = EventCatalogueState;

/**
 * The operator's side of the event catalogue (admin CLI): groups, types and properties are defined
 * whole and removed by marking them deleted, since events refer to them. The types code writes
 * (`purchase`, `purchase_cancellation`) stay active and cannot be removed.
 */
@Injectable()
export class EventDefinitionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly properties: EventPropertyService,
  ) {}

  // ---- groups ----

  /** Creates the group with this text id, or replaces it (restoring it if it was removed): what fixtures use. */
  async defineGroup(definition: EventGroupDefinition): Promise<DefineOutcome> {
    throwIfAny([...textIdProblems(definition.textId), ...nameProblems(definition.name)]);
    const [row]: { event_group_id: string; created: boolean }[] = await this.dataSource.query(
      `INSERT INTO event_groups (event_group_id, text_id, name, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (text_id) DO UPDATE SET name = EXCLUDED.name, state = EXCLUDED.state, last_change = now()
       RETURNING event_group_id, (xmax = 0) AS created`,
      [newId(), definition.textId, definition.name.trim(), definition.state ?? ACTIVE],
    );
    return { id: row.event_group_id, created: row.created };
  }

  /** A new group, in the caller's transaction (the definition lifecycle's); its text id must be free. */
  async insertGroup(definition: EventGroupDefinition, m: EntityManager): Promise<string> {
    await this.assertGroupDefinition(definition, null, m);
    const id = newId();
    await m.query(`INSERT INTO event_groups (event_group_id, text_id, name, state) VALUES ($1, $2, $3, $4)`, [
      id,
      definition.textId,
      definition.name.trim(),
      definition.state ?? ACTIVE,
    ]);
    return id;
  }

  /** Replaces the group's definition; a deactivated group stays so until activated. */
  async updateGroup(groupId: string, definition: EventGroupDefinition, m: EntityManager): Promise<void> {
    await this.assertGroupDefinition(definition, groupId, m);
    await m.query(
      `UPDATE event_groups SET text_id = $2, name = $3, state = CASE WHEN state = ${DELETED} THEN state ELSE $4 END, last_change = now()
        WHERE event_group_id = $1`,
      [groupId, definition.textId, definition.name.trim(), definition.state ?? ACTIVE],
    );
  }

  /** Deactivating is refused while the group has types that are not deactivated. */
  async setGroupState(groupId: string, state: EventCatalogueState, m: EntityManager): Promise<void> {
    const group = await this.lockedGroup(groupId, m);
    if (state === DELETED) {
      const types: { text_id: string }[] = await m.query(
        `SELECT text_id FROM event_types WHERE event_group_id = $1 AND state <> ${DELETED} ORDER BY text_id`,
        [group.id],
      );
      if (types.length > 0) {
        throw CommonException.invalid(
          'event_group_id',
          InvalidReason.NotAllowedValue,
          `The group has event types (${types.map((type) => type.text_id).join(', ')}); remove them or move them to another group first`,
          groupId,
        );
      }
    }
    await m.update(EventGroupEntity, { id: group.id }, { state, lastChange: () => 'now()' });
  }

  private async assertGroupDefinition(definition: EventGroupDefinition, ownId: string | null, m: EntityManager): Promise<void> {
    throwIfAny([...textIdProblems(definition.textId), ...nameProblems(definition.name)]);
    const [clash] = await m.query<unknown[]>(`SELECT 1 FROM event_groups WHERE text_id = $1 AND event_group_id IS DISTINCT FROM $2`, [
      definition.textId,
      ownId,
    ]);
    if (clash)
      throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another event group has this text id', definition.textId);
  }

  // ---- types ----

  /** A new type, in the caller's transaction (the definition lifecycle's), with the properties it allows. */
  async insertType(definition: EventTypeDefinition, m: EntityManager): Promise<string> {
    const id = newId();
    await this.writeType(id, null, definition, m);
    return id;
  }

  /** Replaces the type's definition and the whole set of properties it allows; a deactivated type stays so. */
  async updateType(typeId: string, definition: EventTypeDefinition, m: EntityManager): Promise<void> {
    await this.writeType(typeId, typeId, definition, m);
  }

  /** The types code writes stay active. */
  async setTypeState(typeId: string, state: EventCatalogueState, m: EntityManager): Promise<void> {
    const type = await m.findOneByOrFail(EventTypeEntity, { id: typeId });
    if (isCodeType(type.textId) && state !== ACTIVE) {
      throw CommonException.invalid(
        'event_type_id',
        InvalidReason.NotAllowedValue,
        `Code writes ${type.textId} events, so the type cannot be deactivated`,
        typeId,
      );
    }
    await m.update(EventTypeEntity, { id: typeId }, { state, lastChange: () => 'now()' });
  }

  /**
   * Checks the definition whole, then stores it: its text id must be free, its group and properties
   * not deactivated, and the types code writes stay active.
   */
  private async writeType(id: string, ownId: string | null, definition: EventTypeDefinition, m: EntityManager): Promise<void> {
    const problems = [...textIdProblems(definition.textId), ...nameProblems(definition.name)];
    if (isCodeType(definition.textId) && (definition.state ?? ACTIVE) !== ACTIVE) {
      problems.push(
        invalidParam(
          'state',
          InvalidReason.NotAllowedValue,
          `Code writes ${definition.textId} events: the type stays active`,
          definition.state,
        ),
      );
    }
    if (ownId !== null) {
      // Code finds the types it writes by text id: renaming one would break every write of its events.
      const [stored] = await m.query<{ text_id: string }[]>(`SELECT text_id FROM event_types WHERE event_type_id = $1`, [ownId]);
      if (stored && isCodeType(stored.text_id) && stored.text_id !== definition.textId)
        problems.push(
          invalidParam(
            'text_id',
            InvalidReason.NotAllowedValue,
            `Code writes ${stored.text_id} events: the type keeps its text id`,
            definition.textId,
          ),
        );
    }
    throwIfAny(problems);
    const [clash] = await m.query<unknown[]>(`SELECT 1 FROM event_types WHERE text_id = $1 AND event_type_id IS DISTINCT FROM $2`, [
      definition.textId,
      ownId,
    ]);
    if (clash)
      throw CommonException.invalid('text_id', InvalidReason.AlreadyExists, 'Another event type has this text id', definition.textId);
    const group = await this.lockedGroup(definition.group, m);
    if (group.state === DELETED) {
      throw CommonException.invalid(
        'event_group_id',
        InvalidReason.Deleted,
        'The group is deactivated; activate it first',
        definition.group,
      );
    }
    if (definition.groupTextId !== undefined && definition.groupTextId !== group.textId) {
      throw CommonException.invalid(
        'event_group_text_id',
        InvalidReason.NotAllowedValue,
        'Names another group than event_group_id',
        definition.groupTextId,
      );
    }
    await this.assertUsableProperties(definition.propertyIds, m);
    await m.query(
      `INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name, state) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (event_type_id) DO UPDATE SET text_id = EXCLUDED.text_id, name = EXCLUDED.name, event_group_id = EXCLUDED.event_group_id,
         icon_name = EXCLUDED.icon_name, state = CASE WHEN event_types.state = ${DELETED} THEN event_types.state ELSE EXCLUDED.state END,
         last_change = now()`,
      [id, definition.textId, definition.name.trim(), group.id, definition.iconName ?? null, definition.state ?? ACTIVE],
    );
    await m.query('DELETE FROM event_type_properties WHERE event_type_id = $1 AND NOT (property_id = ANY($2))', [
      id,
      definition.propertyIds,
    ]);
    await m.query(`INSERT INTO event_type_properties (event_type_id, property_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [
      id,
      definition.propertyIds,
    ]);
  }

  // ---- properties ----

  /**
   * Creates the property or replaces its whole definition, with the shared catalogue's rules: among
   * them, the data type may change only while no event has a value of the property.
   */
  async defineProperty(definition: EventPropertyDefinition): Promise<DefineOutcome> {
    return { id: definition.propertyId, created: (await this.properties.define(definition)) === 'created' };
  }

  /** Marks the property removed: events can no longer be sent with it, while stored values stay. False when it was removed already. */
  async removeProperty(propertyId: string): Promise<boolean> {
    try {
      return await this.properties.remove(propertyId);
    } catch (error) {
      // The operator names the property as a parameter, not as a resource path.
      if (error instanceof CommonException && error.code === CommonErrorCode.RecordNotFound)
        throw CommonException.invalid('property_id', InvalidReason.NotFound, 'No event property has this id', propertyId);
      throw error;
    }
  }

  /** The group by id or text id, locked so no type joins it while it is being removed. */
  private async lockedGroup(idOrTextId: string, m: EntityManager): Promise<EventGroupEntity> {
    const group = await m
      .getRepository(EventGroupEntity)
      .createQueryBuilder('g')
      .setLock('pessimistic_write')
      .where('g.event_group_id = :key OR g.text_id = :key', { key: idOrTextId })
      .getOne();
    if (!group)
      throw CommonException.invalid('event_group_id', InvalidReason.NotFound, 'No event group has this id or text id', idOrTextId);
    return group;
  }

  private async assertUsableProperties(propertyIds: string[], m: EntityManager): Promise<void> {
    const rows: { property_id: string; state: EventCatalogueState }[] = await m.query(
      'SELECT property_id, state FROM event_properties WHERE property_id = ANY($1) FOR SHARE',
      [propertyIds],
    );
    const stateOf = new Map(rows.map((row) => [row.property_id, row.state]));
    const problems = propertyIds.flatMap((propertyId, index) => {
      const state = stateOf.get(propertyId);
      if (state === undefined)
        return [invalidParam(`event_property_ids.${index}`, InvalidReason.NotFound, 'No event property has this id', propertyId)];
      if (state === DELETED)
        return [invalidParam(`event_property_ids.${index}`, InvalidReason.Deleted, 'The property is removed', propertyId)];
      return [];
    });
    throwIfAny(problems);
  }
}

function isCodeType(textId: string): boolean {
  return (OUTBOX_EVENT_TYPES as readonly string[]).includes(textId);
}

function nameProblems(name: string): InvalidParam[] {
  return name.trim() === '' ? [invalidParam('name', InvalidReason.Empty, 'The name may not be empty')] : [];
}
