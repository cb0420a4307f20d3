export { CHANGE_FEED_APPLICATION_NAME, ChangeFeed, ChangeListener, isChangeFeedClient, LOADER_POOL_SIZE } from './change-feed.service';
export { definitionSnapshot, DefinitionRows, MemorySnapshot, snapshotById } from './memory-snapshot';
