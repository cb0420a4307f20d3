export { ChangeFeed, ChangeListener } from './change-feed.service';
export { loadRanked, MemorySnapshot, snapshotById } from './memory-snapshot';
