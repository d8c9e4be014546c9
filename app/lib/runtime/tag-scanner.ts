/**
 * Low-level helpers for the streaming artifact parser: decide whether a tag at a position is
 * complete, incomplete (wait for more input) or not a tag at all, without allocating per character.
 */

/** A tag longer than this without its closing '>' is not a tag (keeps the carry buffer bounded). */
export const MAX_TAG_LENGTH = 2048;

const GREATER_THAN = 62; // '>'
const SLASH = 47; // '/'
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

export type TagRead =
  | { kind: 'tag'; end: number; attributes: Record<string, string>; selfClosing: boolean }
  | { kind: 'incomplete' }
  | { kind: 'invalid' };

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12;
}

/**
 * Read an opening tag whose name (`<boltAction`) starts at `start`. The name must be followed by
 * whitespace, '>' or '/'. Quoted attribute values may contain '>'.
 */
export function readOpeningTag(buffer: string, start: number, nameLength: number): TagRead {
  const afterName = start + nameLength;
  if (afterName >= buffer.length) {
    return { kind: 'incomplete' };
  }
  const next = buffer.charCodeAt(afterName);
  if (!isWhitespace(next) && next !== GREATER_THAN && next !== SLASH) {
    return { kind: 'invalid' };
  }
  const limit = Math.min(buffer.length, start + MAX_TAG_LENGTH);
  let quote = 0;
  for (let index = afterName; index < limit; index++) {
    const code = buffer.charCodeAt(index);
    if (quote !== 0) {
      if (code === quote) {
        quote = 0;
      }
    } else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      quote = code;
    } else if (code === GREATER_THAN) {
      const selfClosing = buffer.charCodeAt(index - 1) === SLASH;
      const attributeText = buffer.slice(afterName, selfClosing ? index - 1 : index);
      return { kind: 'tag', end: index + 1, attributes: parseAttributes(attributeText), selfClosing };
    }
  }
  return limit - start >= MAX_TAG_LENGTH ? { kind: 'invalid' } : { kind: 'incomplete' };
}

const ATTRIBUTE_PATTERN = /([A-Za-z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function decodeAttributeValue(value: string): string {
  if (!value.includes('&')) {
    return value;
  }
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Attribute values are entity-decoded (only the five XML entities); contents never are. */
export function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE_PATTERN)) {
    attributes[match[1]] = decodeAttributeValue(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

/**
 * Where a possibly split `needle` may begin in the tail of `buffer` (at or after `from`): the index
 * of the first '<' whose remaining text is a proper prefix of `needle`, else `buffer.length`.
 * `needle` must start with '<' and contain no other '<'.
 */
export function findPartialSuffix(buffer: string, from: number, needle: string): number {
  const length = buffer.length;
  // The needles contain '<' only at their start, so only the last '<' can begin a proper prefix.
  const candidate = buffer.lastIndexOf('<');
  if (candidate >= from && candidate > length - needle.length && isProperPrefixAt(buffer, candidate, needle)) {
    return candidate;
  }
  return length;
}

/** True when the text from `start` to the end of `buffer` is a proper prefix of `needle`. */
export function isProperPrefixAt(buffer: string, start: number, needle: string): boolean {
  const available = buffer.length - start;
  if (available >= needle.length) {
    return false;
  }
  for (let offset = 0; offset < available; offset++) {
    if (buffer.charCodeAt(start + offset) !== needle.charCodeAt(offset)) {
      return false;
    }
  }
  return true;
}
