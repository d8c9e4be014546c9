import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
};

/**
 * Assistant text as markdown. Raw HTML is never rendered (react-markdown escapes it without a raw
 * plugin) and unsafe URLs are dropped by its default URL transform. Memoized by text, so a finished
 * segment is not re-parsed while a later one streams.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="kiln-markdown">
      <ReactMarkdown components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});
