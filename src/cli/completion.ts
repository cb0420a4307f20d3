import { Command } from 'commander';

/**
 * A completion script for `shell`, generated from the command tree: subcommand names at each level and
 * the long options of the command typed so far. commander has no completion of its own, and a static
 * script needs no round trip to node on every Tab.
 */
export function completionScript(program: Command, shell: 'bash' | 'zsh'): string {
  const cases = commandPaths(program)
    .map(({ path, words }) => `    "${path}") words="${words.join(' ')}" ;;`)
    .join('\n');
  const bash = `# tessera completion for bash; in ~/.bashrc: source <(tessera completion bash)
_tessera_complete() {
  local path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    if _tessera_words "\${path:+$path }$word" >/dev/null; then path="\${path:+$path }$word"; fi
  done
  COMPREPLY=($(compgen -W "$(_tessera_words "$path")" -- "\${COMP_WORDS[COMP_CWORD]}"))
}
_tessera_words() {
  local words=""
  case "$1" in
${cases}
    *) return 1 ;;
  esac
  echo "$words"
}
complete -o default -F _tessera_complete tessera
`;
  if (shell === 'bash') return bash;
  return `#compdef tessera
# tessera completion for zsh; in ~/.zshrc: source <(tessera completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash}`;
}

/** Every command path ("" for the root, "reward define"...) with its subcommand names and long options. */
function commandPaths(command: Command, path = ''): { path: string; words: string[] }[] {
  const words = [
    ...command.commands.map((subcommand) => subcommand.name()),
    ...command.options.map((option) => option.long).filter((long): long is string => long !== undefined),
    '--help',
  ];
  return [
    { path, words },
    ...command.commands.flatMap((subcommand) => commandPaths(subcommand, path ? `${path} ${subcommand.name()}` : subcommand.name())),
  ];
}
