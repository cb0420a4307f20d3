export { ChangeFeed, ChangeListener } from './change-feed.service';
export { MemorySnapshot, snapshotById } from './memory-snapshot';
