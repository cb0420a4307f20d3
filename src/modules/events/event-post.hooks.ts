import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** An event `POST /events` has just written, as contexts reacting to it read it. */
export interface PostedEvent {
  eventId: string;
  customerId: string;
  eventTypeId: string;
  /** The type's text id, by which the operator names it. */
  eventTypeTextId: string;
  createdAt: Date;
}

/** Runs inside the transaction that writes the event, so what it writes commits or rolls back with it. */
export type EventPostListener = (event: PostedEvent, manager: EntityManager) => Promise<void>;

/**
 * Who reacts when an event is posted. Contexts that build on events, such as loyalty's earning rules,
 * register here: events cannot call them without depending on them.
 */
@Injectable()
export class EventPostHooks {
  private readonly listeners: EventPostListener[] = [];

  onPost(listener: EventPostListener): void {
    this.listeners.push(listener);
  }

  async posted(event: PostedEvent, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener(event, manager);
  }
}
