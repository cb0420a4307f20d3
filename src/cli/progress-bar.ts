import type { CliIo } from './cli-io';

/** A bar over a known number of steps of long work, each named as it starts. */
export interface ProgressBar {
  step(name: string): void;
  stop(): void;
}

const NO_BAR: ProgressBar = { step: () => undefined, stop: () => undefined };

/**
 * A bar on standard error when a person watches it: only on a terminal and never beside `--json`, so
 * scripts, pipes and logs get the command's output alone. cli-progress loads only when a bar is drawn.
 */
export async function progressBar(io: CliIo, steps: number, options: { json?: boolean } = {}): Promise<ProgressBar> {
  const stream = io.progress;
  if (!stream?.isTTY || options.json) return NO_BAR;
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    { stream, format: '{bar} {value}/{total} {step}', clearOnComplete: true, hideCursor: true },
    Presets.shades_classic,
  );
  let started = false;
  return {
    step(name) {
      if (!started) {
        bar.start(steps, 0, { step: name });
        started = true;
      } else bar.increment({ step: name });
    },
    stop() {
      if (!started) return;
      bar.update(steps);
      bar.stop();
    },
  };
}
