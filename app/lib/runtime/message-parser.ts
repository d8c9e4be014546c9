/**
 * Streaming parser for one assistant message (docs: ARCHITECTURE.md "The artifact format").
 *
 * Input arrives as deltas; every character is scanned a bounded number of times, and only a short
 * carry (a possibly split tag, at most MAX_TAG_LENGTH characters) is kept between pushes.
 *
 * Event contract (the same for any chunking of the same text, once adjacent deltas are joined):
 * - 'text': markdown outside artifacts, as deltas. Code blocks are text; only artifact actions run.
 * - 'file' start: content ''. 'file' stream: content is the DELTA since the previous event (consumers
 *   append). 'file' end: content is the FULL file content.
 * - 'action-open' carries the action with content ''; 'action-close' carries the full content
 *   (file: byte-exact minus one leading newline; shell/start: trimmed).
 * - Unknown/malformed actions give one 'action-error' and their content is swallowed.
 * - end() inside an artifact: an open file action gets 'file' end (content so far) and every open
 *   action an 'action-error' (UNFINISHED_ACTION_ERROR), then 'artifact-close'.
 */
import { findPartialSuffix, isProperPrefixAt, readOpeningTag, type TagRead } from './tag-scanner';
import type { ActionData, ParserEvent } from './types';

const ARTIFACT_OPEN = '<boltArtifact';
const ARTIFACT_CLOSE = '</boltArtifact>';
const ACTION_OPEN = '<boltAction';
const ACTION_CLOSE = '</boltAction>';
const LESS_THAN = '<';

export const UNFINISHED_ACTION_ERROR = 'The answer ended before this action was complete';

export interface MessageParser {
  push(delta: string): void;
  end(): void;
}

type Mode = 'text' | 'artifact' | 'action';

interface OpenAction {
  id: string;
  /** null: an invalid action whose content is swallowed. */
  data: ActionData | null;
  /**
   * Content so far. Appending builds a V8 rope (cons string) in O(1) per piece and is flattened once
   * when read, which measured ~10x cheaper than collecting pieces and joining them.
   */
  content: string;
  atContentStart: boolean;
}

/** Artifact ids: `${messageId}-artifact-${n}`; action ids: `${messageId}-${n}`, both from 0. */
export function createMessageParser(messageId: string, onEvent: (event: ParserEvent) => void): MessageParser {
  let mode: Mode = 'text';
  let carry = '';
  let ended = false;
  let artifactCount = 0;
  let actionCount = 0;
  let artifactId = '';
  let action: OpenAction | null = null;

  function emitText(buffer: string, from: number, to: number) {
    if (to > from) {
      onEvent({ type: 'text', text: from === 0 && to === buffer.length ? buffer : buffer.slice(from, to) });
    }
  }

  /** Hold back the rest of the buffer from `from` until more input arrives. */
  function hold(buffer: string, from: number): number {
    carry = from < buffer.length ? buffer.slice(from) : '';
    return buffer.length;
  }

  function scanText(buffer: string, from: number): number {
    const start = buffer.indexOf(ARTIFACT_OPEN, from);
    if (start === -1) {
      const partial = findPartialSuffix(buffer, from, ARTIFACT_OPEN);
      emitText(buffer, from, partial);
      return hold(buffer, partial);
    }
    emitText(buffer, from, start);
    const tag = readOpeningTag(buffer, start, ARTIFACT_OPEN.length);
    if (tag.kind === 'incomplete') {
      return hold(buffer, start);
    }
    if (tag.kind === 'invalid') {
      emitText(buffer, start, start + 1);
      return start + 1;
    }
    artifactId = `${messageId}-artifact-${artifactCount++}`;
    const slug = tag.attributes.id;
    onEvent({ type: 'artifact-open', artifactId, title: tag.attributes.title ?? '', messageId, ...(slug ? { slug } : {}) });
    mode = 'artifact';
    return tag.end;
  }

  function closeArtifact() {
    onEvent({ type: 'artifact-close', artifactId, messageId });
    mode = 'text';
  }

  /** Between actions: only tags matter; stray text is dropped. */
  function scanArtifact(buffer: string, from: number): number {
    const start = buffer.indexOf(LESS_THAN, from);
    if (start === -1) {
      return buffer.length;
    }
    if (buffer.startsWith(ARTIFACT_CLOSE, start)) {
      closeArtifact();
      return start + ARTIFACT_CLOSE.length;
    }
    if (buffer.startsWith(ACTION_OPEN, start)) {
      const tag = readOpeningTag(buffer, start, ACTION_OPEN.length);
      if (tag.kind === 'incomplete') {
        return hold(buffer, start);
      }
      if (tag.kind === 'invalid') {
        return start + 1;
      }
      openAction(tag);
      return tag.end;
    }
    if (isProperPrefixAt(buffer, start, ARTIFACT_CLOSE) || isProperPrefixAt(buffer, start, ACTION_OPEN)) {
      return hold(buffer, start);
    }
    return start + 1;
  }

  function openAction(tag: Extract<TagRead, { kind: 'tag' }>) {
    const actionId = `${messageId}-${actionCount++}`;
    const type = tag.attributes.type;
    const filePath = tag.attributes.filePath;
    let data: ActionData | null = null;
    let error: string | undefined;
    if (type === 'file') {
      if (filePath) {
        data = { type: 'file', filePath, content: '' };
      } else {
        error = 'File action is missing its filePath attribute';
      }
    } else if (type === 'shell' || type === 'start') {
      data = { type, content: '' };
    } else {
      error = type === undefined ? 'Action is missing its type attribute' : `Unknown action type "${type}"`;
    }
    action = { id: actionId, data, content: '', atContentStart: true };
    mode = 'action';
    if (error !== undefined) {
      onEvent({ type: 'action-error', artifactId, actionId, messageId, error });
    } else if (data) {
      onEvent({ type: 'action-open', artifactId, actionId, messageId, action: { ...data } });
      if (data.type === 'file') {
        onEvent({ type: 'file', artifactId, actionId, event: { path: data.filePath, content: '', status: 'start' } });
      }
    }
    if (tag.selfClosing) {
      closeAction();
    }
  }

  function appendContent(buffer: string, from: number, to: number) {
    const current = action;
    if (to <= from || !current?.data) {
      return;
    }
    const piece = from === 0 && to === buffer.length ? buffer : buffer.slice(from, to);
    current.content += piece;
    if (current.data.type === 'file') {
      onEvent({
        type: 'file',
        artifactId,
        actionId: current.id,
        event: { path: current.data.filePath, content: piece, status: 'stream' },
      });
    }
  }

  function closeAction() {
    const current = action;
    action = null;
    mode = 'artifact';
    if (!current?.data) {
      return;
    }
    const joined = current.content;
    const data: ActionData =
      current.data.type === 'file' ? { ...current.data, content: joined } : { ...current.data, content: joined.trim() };
    if (data.type === 'file') {
      onEvent({ type: 'file', artifactId, actionId: current.id, event: { path: data.filePath, content: joined, status: 'end' } });
    }
    onEvent({ type: 'action-close', artifactId, actionId: current.id, messageId, action: data });
  }

  function scanAction(buffer: string, from: number): number {
    const current = action;
    let index = from;
    if (current?.atContentStart) {
      // Strip exactly one leading newline ('\n' or '\r\n'); a lone '\r' at the end waits for more.
      const code = buffer.charCodeAt(index);
      if (code === 13 && index + 1 >= buffer.length) {
        return hold(buffer, index);
      }
      current.atContentStart = false;
      if (code === 10) {
        index += 1;
      } else if (code === 13 && buffer.charCodeAt(index + 1) === 10) {
        index += 2;
      }
    }
    const close = buffer.indexOf(ACTION_CLOSE, index);
    if (close === -1) {
      const partial = findPartialSuffix(buffer, index, ACTION_CLOSE);
      appendContent(buffer, index, partial);
      return hold(buffer, partial);
    }
    appendContent(buffer, index, close);
    closeAction();
    return close + ACTION_CLOSE.length;
  }

  function push(delta: string) {
    if (ended) {
      throw new Error('The message parser received text after end()');
    }
    const buffer = carry.length > 0 ? carry + delta : delta;
    carry = '';
    let index = 0;
    while (index < buffer.length) {
      if (mode === 'text') {
        index = scanText(buffer, index);
      } else if (mode === 'artifact') {
        index = scanArtifact(buffer, index);
      } else {
        index = scanAction(buffer, index);
      }
    }
  }

  function end() {
    if (ended) {
      return;
    }
    ended = true;
    const rest = carry;
    carry = '';
    if (mode === 'text') {
      emitText(rest, 0, rest.length);
      return;
    }
    const current = action;
    if (mode === 'action' && current) {
      action = null;
      if (current.data) {
        if (current.data.type === 'file') {
          if (rest.length > 0) {
            // A held partial '</boltAction' is content after all.
            current.content += rest;
            onEvent({ type: 'file', artifactId, actionId: current.id, event: { path: current.data.filePath, content: rest, status: 'stream' } });
          }
          const content = current.content;
          onEvent({ type: 'file', artifactId, actionId: current.id, event: { path: current.data.filePath, content, status: 'end' } });
        }
        onEvent({ type: 'action-error', artifactId, actionId: current.id, messageId, error: UNFINISHED_ACTION_ERROR });
      }
    }
    closeArtifact();
  }

  return { push, end };
}
