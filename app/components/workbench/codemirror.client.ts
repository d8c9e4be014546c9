/**
 * CodeMirror setup for the workbench editor. Loaded with a dynamic import from an effect so nothing
 * here runs during server rendering.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, type Extension, type StateEffect } from '@codemirror/state';
import {
  crosshairCursor,
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

export { EditorState, EditorView };

/** Marks changes that came from the store (streaming, the watcher) rather than from typing. */
export const externalChange = Annotation.define<boolean>();

export function languageFor(path: string): Extension {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'js':
    case 'mjs':
    case 'cjs':
      return javascript();
    case 'jsx':
      return javascript({ jsx: true });
    case 'ts':
    case 'mts':
    case 'cts':
      return javascript({ typescript: true });
    case 'tsx':
      return javascript({ jsx: true, typescript: true });
    case 'css':
    case 'scss':
      return css();
    case 'html':
    case 'htm':
    case 'vue':
    case 'svelte':
    case 'astro':
      return html();
    case 'json':
      return json();
    case 'md':
    case 'mdx':
      return markdown();
    default:
      return [];
  }
}

/** Colours come from CSS variables, so one theme serves light and dark. */
const kilnTheme = EditorView.theme({
  '&': {
    height: '100%',
    backgroundColor: 'var(--kiln-bg-elevated)',
    color: 'var(--kiln-fg)',
    fontSize: 'var(--kiln-editor-font-size, 13px)',
  },
  '.cm-scroller': { fontFamily: 'var(--kiln-font-mono)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--kiln-accent)', padding: '8px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--kiln-accent)', borderLeftWidth: '2px' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--kiln-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--kiln-bg-hover) 55%, transparent)' },
  '.cm-gutters': {
    backgroundColor: 'var(--kiln-bg-elevated)',
    color: 'var(--kiln-fg-subtle)',
    border: 'none',
  },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 12px 0 16px', minWidth: '44px' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--kiln-fg)' },
  '.cm-foldGutter .cm-gutterElement': { opacity: '0', transition: 'opacity 120ms ease', cursor: 'pointer' },
  '.cm-gutters:hover .cm-foldGutter .cm-gutterElement': { opacity: '1' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--kiln-bg-subtle)', border: 'none', color: 'var(--kiln-fg-muted)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--kiln-accent-soft)',
    outline: '1px solid color-mix(in srgb, var(--kiln-accent) 40%, transparent)',
  },
  '.cm-selectionMatch': { backgroundColor: 'var(--kiln-accent-soft)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--kiln-warning) 30%, transparent)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'color-mix(in srgb, var(--kiln-accent) 40%, transparent)' },
  '.cm-panels': { backgroundColor: 'var(--kiln-bg-subtle)', color: 'var(--kiln-fg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--kiln-border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--kiln-border)' },
  '.cm-panel.cm-search': { padding: '6px 8px', fontFamily: 'var(--kiln-font-sans)' },
  '.cm-panel.cm-search input, .cm-panel.cm-search button': { fontSize: '12px' },
  '.cm-textfield': {
    backgroundColor: 'var(--kiln-bg-elevated)',
    border: '1px solid var(--kiln-border)',
    borderRadius: 'var(--kiln-radius-sm)',
    padding: '3px 6px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--kiln-bg-elevated)',
    border: '1px solid var(--kiln-border)',
    borderRadius: 'var(--kiln-radius-sm)',
    color: 'var(--kiln-fg)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--kiln-bg-elevated)',
    border: '1px solid var(--kiln-border)',
    borderRadius: 'var(--kiln-radius)',
    boxShadow: 'var(--kiln-shadow)',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--kiln-accent-soft)',
    color: 'var(--kiln-fg)',
  },
});

const kilnHighlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.modifier, tags.controlKeyword, tags.operatorKeyword], color: 'var(--kiln-syntax-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--kiln-syntax-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--kiln-syntax-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--kiln-syntax-comment)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--kiln-syntax-function)' },
  { tag: [tags.typeName, tags.className, tags.namespace], color: 'var(--kiln-syntax-type)' },
  { tag: [tags.tagName, tags.angleBracket], color: 'var(--kiln-syntax-tag)' },
  { tag: tags.attributeName, color: 'var(--kiln-syntax-attribute)' },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--kiln-syntax-property)' },
  { tag: [tags.variableName, tags.definition(tags.variableName)], color: 'var(--kiln-syntax-variable)' },
  { tag: [tags.operator, tags.punctuation, tags.separator], color: 'var(--kiln-syntax-operator)' },
  { tag: tags.heading, color: 'var(--kiln-syntax-heading)', fontWeight: '600' },
  { tag: tags.strong, fontWeight: '600' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.link, color: 'var(--kiln-accent)', textDecoration: 'underline' },
  { tag: tags.invalid, color: 'var(--kiln-danger)' },
]);

export interface EditorCallbacks {
  onChange(value: string): void;
  onSave(): void;
  onScroll(scroll: { top: number; left: number }): void;
}

/** Compartments a mounted editor reconfigures when its file or settings change. */
export interface EditorCompartments {
  language: Compartment;
  readOnly: Compartment;
  tabSize: Compartment;
  wrapping: Compartment;
}

export interface DocumentSettings {
  path: string;
  readOnly: boolean;
  tabSize: number;
  lineWrapping: boolean;
}

export function createCompartments(): EditorCompartments {
  return { language: new Compartment(), readOnly: new Compartment(), tabSize: new Compartment(), wrapping: new Compartment() };
}

function settingsExtensions(settings: DocumentSettings) {
  return {
    readOnly: EditorState.readOnly.of(settings.readOnly),
    tabSize: [EditorState.tabSize.of(settings.tabSize), indentUnit.of(' '.repeat(settings.tabSize))],
    wrapping: settings.lineWrapping ? EditorView.lineWrapping : [],
  };
}

function documentExtensions(compartments: EditorCompartments, settings: DocumentSettings): Extension[] {
  const values = settingsExtensions(settings);
  return [
    compartments.language.of(languageFor(settings.path)),
    compartments.readOnly.of(values.readOnly),
    compartments.tabSize.of(values.tabSize),
    compartments.wrapping.of(values.wrapping),
  ];
}

/** Effects that apply changed settings to the current state (the language stays: it is per file). */
export function reconfigureSettings(compartments: EditorCompartments, settings: DocumentSettings): StateEffect<unknown>[] {
  const values = settingsExtensions(settings);
  return [
    compartments.readOnly.reconfigure(values.readOnly),
    compartments.tabSize.reconfigure(values.tabSize),
    compartments.wrapping.reconfigure(values.wrapping),
  ];
}

/** A fresh state per file keeps undo history per file. */
export function createEditorState(
  value: string,
  compartments: EditorCompartments,
  settings: DocumentSettings,
  callbacks: () => EditorCallbacks,
): EditorState {
  return EditorState.create({
    doc: value,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      foldGutter(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      indentOnInput(),
      syntaxHighlighting(kilnHighlight),
      bracketMatching(),
      closeBrackets(),
      autocompletion(),
      rectangularSelection(),
      crosshairCursor(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      keymap.of([
        {
          key: 'Mod-s',
          preventDefault: true,
          run: () => {
            callbacks().onSave();
            return true;
          },
        },
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
        indentWithTab,
      ]),
      kilnTheme,
      EditorView.updateListener.of((update) => {
        if (update.docChanged && update.transactions.some((tr) => tr.docChanged && !tr.annotation(externalChange))) {
          callbacks().onChange(update.state.doc.toString());
        }
      }),
      EditorView.domEventHandlers({
        scroll(_event, view) {
          callbacks().onScroll({ top: view.scrollDOM.scrollTop, left: view.scrollDOM.scrollLeft });
        },
      }),
      ...documentExtensions(compartments, settings),
    ],
  });
}
