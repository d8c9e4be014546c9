import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EXAMPLE_PROMPTS } from './examples';
import { SendIcon } from './icons';

/**
 * The home page's prompt box. A plain form post (a full document load) so the project page starts
 * fresh, and with the cross-origin isolation headers it may need.
 */
export function HomePrompt({ error }: { error?: string }) {
  const [prompt, setPrompt] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // Text typed before hydration lives only in the DOM: adopt it so the send button reflects it.
  useEffect(() => {
    const typed = textareaRef.current?.value ?? '';
    if (typed !== '') {
      setPrompt(typed);
    }
  }, []);
  const navigation = useNavigation();
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || navigation.state !== 'idle';

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (prompt.trim() !== '' && !busy) {
        formRef.current?.requestSubmit();
      }
    }
  };

  return (
    <div className="kiln-home-prompt">
      <Form method="post" reloadDocument ref={formRef} className="kiln-prompt-box" onSubmit={() => setSubmitting(true)}>
        <label htmlFor="home-prompt" className="kiln-visually-hidden">
          What do you want to build?
        </label>
        <textarea
          id="home-prompt"
          ref={textareaRef}
          name="prompt"
          data-testid="chat-input"
          className="kiln-prompt-textarea"
          placeholder="Describe the app you want. Kiln writes the code, runs it and shows you a live preview."
          rows={3}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onKeyDown}
          autoFocus
          required
          maxLength={20_000}
        />
        <div className="kiln-prompt-footer">
          <span className="kiln-prompt-hint">
            <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
          </span>
          <button
            type="submit"
            className="kiln-send-button"
            data-testid="chat-send"
            aria-label="Start building"
            disabled={prompt.trim() === '' || busy}
          >
            <SendIcon />
          </button>
        </div>
      </Form>
      {error && (
        <p className="kiln-form-error" role="alert">
          {error}
        </p>
      )}
      <div className="kiln-examples" aria-label="Example prompts">
        {EXAMPLE_PROMPTS.map((example) => (
          <button
            key={example.label}
            type="button"
            className="kiln-example"
            data-testid="example-prompt"
            onClick={() => setPrompt(example.prompt)}
          >
            {example.label}
          </button>
        ))}
      </div>
    </div>
  );
}
