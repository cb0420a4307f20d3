import { RETRY_WINDOW_SECONDS, decideAfterAttempt } from './webhook-retry-policy';

describe('decideAfterAttempt', () => {
  const context = { attempts: 1, queuedSecondsAgo: 0, firstRetrySeconds: 30, jitter: 1 };

  it('finishes a delivered attempt', () => {
    expect(decideAfterAttempt('delivered', context)).toEqual({ status: 'delivered' });
  });

  it('gives up on 410 Gone and switches the endpoint off, whatever the attempt', () => {
    expect(decideAfterAttempt('gone', context)).toEqual({ status: 'failed', disableEndpoint: true });
    expect(decideAfterAttempt('gone', { ...context, attempts: 9, queuedSecondsAgo: 1000 })).toEqual({
      status: 'failed',
      disableEndpoint: true,
    });
  });

  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [6, 960],
    [10, 15360],
    [11, 6 * 3600],
    [40, 6 * 3600],
  ])('after attempt %i waits the doubled first wait, at most six hours (%i s without jitter)', (attempts, seconds) => {
    expect(decideAfterAttempt('retry', { ...context, attempts })).toEqual({ status: 'pending', retryInSeconds: seconds });
  });

  it('shortens each wait by up to half', () => {
    const wait = (jitter: number) => decideAfterAttempt('retry', { ...context, attempts: 3, jitter });
    expect(wait(0)).toEqual({ status: 'pending', retryInSeconds: 60 });
    expect(wait(0.5)).toEqual({ status: 'pending', retryInSeconds: 90 });
    expect(wait(1)).toEqual({ status: 'pending', retryInSeconds: 120 });
  });

  it('retries until three days after queueing, then gives the delivery up but keeps the endpoint', () => {
    expect(decideAfterAttempt('retry', { ...context, attempts: 20, queuedSecondsAgo: RETRY_WINDOW_SECONDS - 1 }).status).toBe('pending');
    expect(decideAfterAttempt('retry', { ...context, attempts: 20, queuedSecondsAgo: RETRY_WINDOW_SECONDS })).toEqual({
      status: 'failed',
      disableEndpoint: false,
    });
    expect(RETRY_WINDOW_SECONDS).toBe(3 * 24 * 3600);
  });
});
