/** A project title from the first prompt: its first line, cut at a word boundary to fit a tab. */
export const MAX_TITLE_LENGTH = 60;

export function titleFromPrompt(prompt: string): string {
  const firstLine = prompt.trim().split('\n')[0].replace(/\s+/g, ' ').trim();
  if (firstLine === '') {
    return 'Untitled project';
  }
  const capitalised = firstLine[0].toUpperCase() + firstLine.slice(1);
  if (capitalised.length <= MAX_TITLE_LENGTH) {
    return capitalised.replace(/[.!?]+$/, '');
  }
  const cut = capitalised.slice(0, MAX_TITLE_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
