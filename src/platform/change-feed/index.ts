export { CHANGE_FEED_APPLICATION_NAME, ChangeFeed, ChangeListener, isChangeFeedClient } from './change-feed.service';
export { definitionSnapshot, DefinitionRows, MemorySnapshot, snapshotById } from './memory-snapshot';
