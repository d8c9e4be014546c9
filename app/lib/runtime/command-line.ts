/**
 * The interactive shell prints an exit marker after every line it runs, so a command written over
 * several lines would look finished after its first line. Commands are sent as one line instead:
 * lines are joined with '&&' (stop at the first failure, as a script of setup steps should), a
 * trailing '\' or operator continues the line, blank lines and '#' comments are dropped.
 */
const CONTINUES = /(?:&&|\|\||\||\\)$/;

export function joinCommandLines(command: string): string {
  let joined = '';
  let continuing = false;
  for (const raw of command.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) {
      continue;
    }
    if (joined !== '') {
      joined += continuing ? ' ' : ' && ';
    }
    continuing = CONTINUES.test(line);
    joined += line.endsWith('\\') ? line.slice(0, -1).trimEnd() : line;
  }
  return joined;
}
