import { once } from 'node:events';
import { connect, Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { withinTimeout } from './redis-timeout';

/** A server on an event loop of its own, so it answers while this one is busy. */
const PONG_SERVER = `
const { createServer } = require('node:net');
const { parentPort } = require('node:worker_threads');
const server = createServer((socket) => socket.on('data', () => socket.write('PONG')));
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('withinTimeout', () => {
  let worker: Worker;
  let socket: Socket;

  beforeAll(async () => {
    worker = new Worker(PONG_SERVER, { eval: true });
    const [port] = (await once(worker, 'message')) as [number];
    socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
  });

  afterAll(async () => {
    socket.destroy();
    await worker.terminate();
  });

  it('takes a reply that arrived while the event loop was busy past the timeout', async () => {
    const reply = once(socket, 'data').then(([data]) => String(data));
    const answer = withinTimeout(reply, 20, 'The server');
    socket.write('PING');
    busyFor(200);
    await expect(answer).resolves.toBe('PONG');
  });

  it('gives up on work that does not settle in time, and passes failures on', async () => {
    await expect(withinTimeout(new Promise(() => undefined), 20, 'Redis')).rejects.toThrow('Redis did not answer within 20 ms');
    await expect(withinTimeout(Promise.reject(new Error('Connection is closed.')), 20, 'Redis')).rejects.toThrow('Connection is closed.');
  });
});
