import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';

/** What one in-process `tessera` command returned and printed. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A data directory of its own and the environment a command sees for `databaseUrl`. */
export interface CliWorkspace {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Runs `tessera ...argv`; `stdin`, when given, is what the command reads from standard input. */
  run(argv: string[], stdin?: string): Promise<CliRun>;
  /** Writes `content` (an object as JSON, a string as it is) to a file of its own, then runs `tessera ...argv FILE ...after`. */
  runWithFile(argv: string[], content: object | string, ...after: string[]): Promise<CliRun>;
  remove(): void;
}

export function cliWorkspace(databaseUrl: string, name: string): CliWorkspace {
  const dataDir = mkdtempSync(join(tmpdir(), `tessera-cli-${name}-`));
  const env: NodeJS.ProcessEnv = { DATABASE_URL: databaseUrl, TESSERA_DATA_DIR: dataDir, TESSERA_LOG_LEVEL: 'silent' };
  return {
    env,
    dataDir,
    async run(argv, stdin) {
      let stdout = '';
      let stderr = '';
      const code = await runCli(argv, {
        stdout: (text) => (stdout += text),
        stderr: (text) => (stderr += text),
        env,
        ...(stdin === undefined ? {} : { stdin: async () => stdin }),
      });
      return { code, stdout, stderr };
    },
    runWithFile(argv, content, ...after) {
      const file = join(dataDir, `${randomBytes(16).toString('hex')}.json`);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return this.run([...argv, file, ...after]);
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
