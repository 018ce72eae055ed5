import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldInfo } from '../search.js';

/** The word being typed at the caret, when it could be a field name (no `:` yet). */
function wordAt(text: string, caret: number): { start: number; word: string } {
  let start = caret;
  while (start > 0 && /[\w.@-]/.test(text[start - 1] ?? '')) start -= 1;
  return { start, word: text.slice(start, caret) };
}

/**
 * The Lucene query box: Enter searches, field names complete (arrow keys and Tab/Enter choose), and a bad query's
 * error marks the position the parser named.
 */
export function QueryBar(props: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  fields: readonly FieldInfo[];
  error: { message: string; position?: number | undefined } | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const { start, word } = wordAt(props.value, caret);
  const suggestions = useMemo(
    () =>
      word.length === 0
        ? []
        : props.fields.filter((field) => field.name.toLowerCase().startsWith(word.toLowerCase()) && field.name !== word).slice(0, 8),
    [props.fields, word],
  );
  const showing = open && suggestions.length > 0;

  const choose = (name: string): void => {
    const next = `${props.value.slice(0, start)}${name}:${props.value.slice(caret)}`;
    props.onChange(next);
    setOpen(false);
    const at = start + name.length + 1;
    window.requestAnimationFrame(() => {
      input.current?.setSelectionRange(at, at);
      setCaret(at);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (showing && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (showing && (event.key === 'Tab' || event.key === 'Enter')) {
      const chosen = suggestions[active];
      if (chosen !== undefined) {
        event.preventDefault();
        choose(chosen.name);
      }
    } else if (event.key === 'Escape') setOpen(false);
    else if (event.key === 'Enter') {
      event.preventDefault();
      setOpen(false);
      props.onSubmit();
    }
  };

  // `/` anywhere outside a text box jumps to the query, as in Kibana and most log tools.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.key !== '/' || target?.closest('input, textarea, select') != null) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const position = props.error?.position;
  return (
    <div className="query-bar">
      <input
        ref={input}
        type="search"
        aria-label="Query (Lucene syntax)"
        placeholder='Search… (press /) e.g. level:error AND message:"timeout"'
        role="combobox"
        aria-expanded={showing}
        aria-controls={listId}
        aria-invalid={props.error !== null}
        aria-activedescendant={showing ? `${listId}-${active}` : undefined}
        value={props.value}
        spellCheck={false}
        onChange={(event) => {
          props.onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setActive(0);
          setOpen(true);
        }}
        onKeyUp={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onClick={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showing && (
        <ul className="suggestions" id={listId} role="listbox" aria-label="Field names">
          {suggestions.map((field, index) => (
            <li
              key={field.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(field.name);
              }}
            >
              {field.name} <small>{field.type}</small>
            </li>
          ))}
        </ul>
      )}
      {props.error !== null && (
        <div className="query-error" role="alert">
          {position !== undefined && (
            <pre className="query-caret" aria-hidden="true">
              {props.value}
              {'\n'}
              {' '.repeat(Math.min(position, props.value.length))}^
            </pre>
          )}
          {props.error.message}
        </div>
      )}
    </div>
  );
}
