export {
  OUTBOX_EVENT_TYPES,
  OUTBOX_INSERT_ROWS_SQL,
  OUTBOX_INSERT_SQL,
  OutboxEvent,
  OutboxEventType,
  writeOutboxEvent,
} from './outbox-writer';
