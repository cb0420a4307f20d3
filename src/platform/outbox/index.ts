export { OUTBOX_EVENT_TYPES, OUTBOX_INSERT_SQL, OutboxEvent, OutboxEventType, writeOutboxEvent } from './outbox-writer';
