import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliProgram } from './cli-program';
import { completionScript } from './completion';

/**
 * The scripts run in the shells they are for: a syntax error or a wrong array index would otherwise only
 * show as a silent Tab in someone's terminal.
 */
describe('shell completion scripts', () => {
  const program = cliProgram({ stdout: () => undefined, stderr: () => undefined, env: {} }, { exitCode: 0 });
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-completion-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function scriptFile(shell: 'bash' | 'zsh'): string {
    const file = join(dir, `tessera.${shell}`);
    writeFileSync(file, completionScript(program, shell));
    return file;
  }

  /** What the completion offers for `tessera ...typed <Tab>`, one word a line, from `shell`'s own completion code. */
  function offered(shell: 'bash' | 'zsh', typed: string[]): string[] {
    const words = ['tessera', ...typed].map((word) => `'${word}'`).join(' ');
    const complete =
      shell === 'bash'
        ? `source "$1"; COMP_WORDS=(${words}); COMP_CWORD=${typed.length}; _tessera_complete; printf '%s\\n' "\${COMPREPLY[@]}"`
        : // zsh runs bash completion functions through bashcompinit's compgen, which leaves filtering by
          // the typed prefix to compadd: everything the command allows comes back.
          `autoload -U compinit && compinit -u -D; source "$1"; COMP_WORDS=(${words}); COMP_CWORD=${typed.length}; ` +
          `compgen -F _tessera_complete -- ''`;
    return execFileSync(
      shell,
      shell === 'zsh' ? ['-f', '-c', complete, 'zsh', scriptFile(shell)] : ['-c', complete, 'bash', scriptFile(shell)],
      {
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter(Boolean);
  }

  it('bash: parses, registers itself and completes commands, subcommands and options', () => {
    execFileSync('bash', ['-n', scriptFile('bash')]);
    expect(execFileSync('bash', ['-c', 'source "$1"; complete -p tessera', 'bash', scriptFile('bash')], { encoding: 'utf8' })).toBe(
      'complete -o default -F _tessera_complete tessera\n',
    );
    expect(offered('bash', ['rew'])).toEqual(['reward', 'reward-type', 'reward-property']);
    expect(offered('bash', ['reward', ''])).toEqual(['list', 'show', 'define', 'change', 'remove', 'activate', '--help']);
    expect(offered('bash', ['reward', 'define', '--d'])).toEqual(['--dry-run']);
    expect(offered('bash', ['reward', 'list', '--json', ''])).toEqual(['--json', '--help']);
  });

  const zshInstalled = spawnSync('zsh', ['--version']).status === 0;
  (zshInstalled ? it : it.skip)('zsh: parses, registers itself through compinit and completes subcommands and options', () => {
    execFileSync('zsh', ['-n', scriptFile('zsh')]);
    const registered = execFileSync(
      'zsh',
      ['-f', '-c', 'autoload -U compinit && compinit -u -D; source "$1"; print -r -- $_comps[tessera]', 'zsh', scriptFile('zsh')],
      {
        encoding: 'utf8',
      },
    );
    expect(registered).toBe('_bash_complete -o default -F _tessera_complete\n');
    expect(offered('zsh', [''])).toEqual(expect.arrayContaining(['reward', 'migrate', 'completion', '--help']));
    expect(offered('zsh', ['reward', ''])).toEqual(['list', 'show', 'define', 'change', 'remove', 'activate', '--help']);
    expect(offered('zsh', ['reward', 'define', ''])).toEqual(['--example', '--schema', '--dry-run', '--json', '--help']);
  });
});
