export { ChangeFeed, ChangeListener } from './change-feed.service';
export { MemorySnapshot } from './memory-snapshot';
