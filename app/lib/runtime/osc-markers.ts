/**
 * Finds the interactive shell's OSC 654 markers (protocol/runner.ts) in a stream of terminal output,
 * even when a marker is split across chunks. Other escape sequences pass through untouched.
 */
import { OSC_EXIT_PREFIX, OSC_PROMPT } from '../../../protocol/runner';

const OSC_654 = '\x1b]654;';
const BELL = '\x07';
/** A marker is short; anything longer without its BELL is not one of ours. */
const MAX_MARKER_LENGTH = 64;

export type ShellOutputPiece = { type: 'text'; text: string } | { type: 'prompt' } | { type: 'exit'; code: number };

export interface OscMarkerScanner {
  /** Pieces of `chunk` in order; a possibly split marker at the end is held for the next call. */
  push(chunk: string): ShellOutputPiece[];
}

export function createOscMarkerScanner(): OscMarkerScanner {
  let carry = '';

  function push(chunk: string): ShellOutputPiece[] {
    const buffer = carry.length > 0 ? carry + chunk : chunk;
    carry = '';
    const pieces: ShellOutputPiece[] = [];
    let index = 0;
    while (index < buffer.length) {
      const start = buffer.indexOf(OSC_654, index);
      if (start === -1) {
        const partial = findPartialStart(buffer, index);
        pushText(pieces, buffer, index, partial);
        carry = buffer.slice(partial);
        break;
      }
      pushText(pieces, buffer, index, start);
      const bell = buffer.indexOf(BELL, start);
      if (bell === -1 || bell - start > MAX_MARKER_LENGTH) {
        if (bell === -1 && buffer.length - start <= MAX_MARKER_LENGTH) {
          carry = buffer.slice(start);
          break;
        }
        pushText(pieces, buffer, start, start + OSC_654.length);
        index = start + OSC_654.length;
        continue;
      }
      const marker = buffer.slice(start, bell + 1);
      const piece = parseMarker(marker);
      if (piece) {
        pieces.push(piece);
      } else {
        pushText(pieces, buffer, start, bell + 1);
      }
      index = bell + 1;
    }
    return pieces;
  }

  return { push };
}

function parseMarker(marker: string): ShellOutputPiece | null {
  if (marker === OSC_PROMPT) {
    return { type: 'prompt' };
  }
  if (marker.startsWith(OSC_EXIT_PREFIX)) {
    const match = /^(-?\d+)(?::\d+)?$/.exec(marker.slice(OSC_EXIT_PREFIX.length, -BELL.length));
    if (match) {
      return { type: 'exit', code: Number(match[1]) };
    }
  }
  return null;
}

function pushText(pieces: ShellOutputPiece[], buffer: string, from: number, to: number) {
  if (to > from) {
    pieces.push({ type: 'text', text: buffer.slice(from, to) });
  }
}

/** Index of an ESC at the tail whose rest is a proper prefix of the OSC 654 introducer. */
function findPartialStart(buffer: string, from: number): number {
  for (let index = Math.max(from, buffer.length - OSC_654.length + 1); index < buffer.length; index++) {
    if (buffer.charCodeAt(index) === 27 && OSC_654.startsWith(buffer.slice(index))) {
      return index;
    }
  }
  return buffer.length;
}
