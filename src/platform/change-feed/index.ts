export { ChangeFeed, ChangeListener } from './change-feed.service';
export { definitionSnapshot, DefinitionRows, loadRanked, MemorySnapshot, snapshotById } from './memory-snapshot';
