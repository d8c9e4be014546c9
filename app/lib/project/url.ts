/**
 * spec §2: opening a project shows its address as /~/{slug}; the prompt query parameter (or, when
 * asked, every parameter) is dropped so a reload does not send the prompt again.
 */
export function cleanProjectUrl(href: string, slug: string, options: { dropAllParams?: boolean } = {}): string {
  const url = new URL(href);
  const params = options.dropAllParams ? new URLSearchParams() : new URLSearchParams(url.search);
  params.delete('prompt');
  const query = params.toString();
  return `/~/${encodeURIComponent(slug)}${query ? `?${query}` : ''}${url.hash}`;
}

/** The prompt passed from the home page, if any. */
export function readPromptParam(href: string): string | null {
  const prompt = new URL(href).searchParams.get('prompt');
  return prompt && prompt.trim() !== '' ? prompt : null;
}
