/**
 * Rejects once `timeoutMs` has passed without `work` settling (the work itself is not cancelled). Unlike a
 * bare timer (such as ioredis's `commandTimeout`), it yields to one round of I/O before it counts: after a
 * busy stretch the event loop runs due timers before it reads sockets, so a bare timer would give up on a
 * reply that is already waiting, while setImmediate runs only after the loop has read them.
 */
export function withinTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => setImmediate(() => fail(new Error(`${what} did not answer within ${timeoutMs} ms`))), timeoutMs);
    work.then(
      (result) => {
        clearTimeout(timer);
        done(result);
      },
      (error: Error) => {
        clearTimeout(timer);
        fail(error);
      },
    );
  });
}
