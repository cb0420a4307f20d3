/** How every load run is shaped; `BENCH_SECONDS` sets the length of each measured run. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? '5');
/** Each run is preceded by an unmeasured one, so pools, caches and the JIT are warm when measuring starts. */
export const WARM_UP_SECONDS = 1;
/** Concurrent connections (HTTP) or clients (plain pg) of every run. */
export const CONNECTIONS = 20;
