/** The main pool's size: the most connections one process holds for requests and background runs. */
export const POOL_SIZE = 10;
/**
 * Longest wait for a database connection, in a pool's queue or while one opens, unless configured
 * (`TESSERA_DATABASE_CONNECT_TIMEOUT`): while the database is away a caller fails within it instead of waiting forever.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
