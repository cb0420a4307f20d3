import { Writable } from 'node:stream';
import { progressBar } from './progress-bar';

/** A stream standing in for standard error, a terminal or not, keeping what is drawn on it. */
function stderrStream(isTTY: boolean): Writable & { isTTY: boolean; columns: number; drawn: () => string } {
  let drawn = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      drawn += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { isTTY, columns: 80, drawn: () => drawn });
}

const io = (progress?: ReturnType<typeof stderrStream>) => ({ stdout: () => undefined, stderr: () => undefined, env: {}, progress });

/** Longer than cli-progress's redraw interval (10 per second), as steps of real work are. */
const redrawn = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('progress bars', () => {
  it('draws each step on a terminal and clears the bar when the work stops', async () => {
    const terminal = stderrStream(true);
    const bar = await progressBar(io(terminal), 3);
    bar.step('opening the database');
    expect(terminal.drawn()).toContain('0/3 opening the database');
    bar.step('applying migrations');
    await redrawn();
    expect(terminal.drawn()).toContain('1/3 applying migrations');
    bar.step('ensuring project defaults');
    await redrawn();
    expect(terminal.drawn()).toContain('2/3 ensuring project defaults');
    bar.stop();
    // The cursor shown again and the line cleared: the terminal is left as the command found it.
    expect(terminal.drawn()).toContain('\x1B[?25h');
    expect(terminal.drawn().endsWith('\x1B[2K')).toBe(true);
  });

  it.each([
    ['piped or redirected', io(stderrStream(false)), {}],
    ['with no standard error stream (tests, in-process runs)', io(), {}],
    ['beside --json', io(stderrStream(true)), { json: true }],
  ])('draws nothing %s', async (_case, commandIo, options) => {
    const bar = await progressBar(commandIo, 2, options);
    bar.step('counting purchases');
    bar.step('ranking products');
    bar.stop();
    expect(commandIo.progress?.drawn() ?? '').toBe('');
  });

  it('stopping before any step draws nothing (a command that failed early)', async () => {
    const terminal = stderrStream(true);
    (await progressBar(io(terminal), 3)).stop();
    expect(terminal.drawn()).toBe('');
  });
});
