import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldInfo } from '../search.js';

/** What can be typed at the caret: a field name, a value of a field (after `field:`), or nothing (inside a phrase). */
type Slot =
  { kind: 'field'; start: number; word: string } | { kind: 'value'; start: number; field: string; prefix: string } | { kind: 'none' };

function slotAt(text: string, caret: number): Slot {
  const before = text.slice(0, caret);
  // Inside an open phrase or regexp: free text.
  if ((before.match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1) return { kind: 'none' };
  const value = /([\w.@-]+):(\(?"?)([^\s()"]*)$/.exec(before);
  if (value !== null) {
    const prefix = value[3] ?? '';
    return { kind: 'value', start: caret - prefix.length - (value[2] ?? '').replace('(', '').length, field: value[1] ?? '', prefix };
  }
  const word = /[\w.@-]*$/.exec(before)?.[0] ?? '';
  const start = caret - word.length;
  // A field name stands at the start, after a space or `(`, or after a NOT/-/+ — never inside a value.
  const previous = before[start - 1];
  if (word === '' || (previous !== undefined && !/[\s(+!-]/.test(previous))) return { kind: 'none' };
  return { kind: 'field', start, word };
}

function asValue(value: string): string {
  return /^[\w.@-]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}

interface Suggestion {
  readonly label: string;
  readonly detail: string;
  readonly insert: string;
}

/**
 * The Lucene query box. Enter always searches; Tab (or a click) takes the highlighted suggestion; Escape closes the
 * list and keeps the text. Field names are offered where a field name can stand, a field's top values after
 * `field:`; a bad query's error marks the position the parser named.
 */
export function QueryBar(props: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  fields: readonly FieldInfo[];
  loadValues: (field: string) => Promise<readonly string[]>;
  error: { message: string; position?: number | undefined } | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Closing on blur waits for a click on a suggestion; coming back (or typing) before then keeps the list.
  const closing = useRef<number | undefined>(undefined);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<{ field: string; values: readonly string[] } | null>(null);
  const slot = slotAt(props.value, caret);
  const valueField = slot.kind === 'value' ? slot.field : undefined;
  const { loadValues } = props;

  useEffect(() => {
    if (valueField === undefined || !open) return;
    if (values?.field === valueField) return;
    let current = true;
    const timer = window.setTimeout(() => {
      loadValues(valueField).then(
        (loaded) => current && setValues({ field: valueField, values: loaded }),
        () => current && setValues({ field: valueField, values: [] }),
      );
    }, 120);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [valueField, open, values?.field, loadValues]);

  const suggestions = useMemo((): readonly Suggestion[] => {
    if (slot.kind === 'field') {
      const word = slot.word.toLowerCase();
      return props.fields
        .filter((field) => field.name.toLowerCase().startsWith(word) && field.name !== slot.word)
        .slice(0, 8)
        .map((field) => ({ label: field.name, detail: field.type, insert: `${field.name}:` }));
    }
    if (slot.kind === 'value' && values?.field === slot.field) {
      const prefix = slot.prefix.toLowerCase();
      return values.values
        .filter((value) => value.toLowerCase().startsWith(prefix) && value !== slot.prefix)
        .slice(0, 8)
        .map((value) => ({ label: value, detail: 'value', insert: `${asValue(value)} ` }));
    }
    return [];
  }, [slot.kind, slot.kind === 'field' ? slot.word : slot.kind === 'value' ? `${slot.field}:${slot.prefix}` : '', props.fields, values]);
  const showing = open && suggestions.length > 0;

  const choose = (suggestion: Suggestion): void => {
    if (slot.kind === 'none') return;
    const before = props.value.slice(0, slot.start);
    // A value replaces what was typed of it, an opening quote included.
    const cut = slot.kind === 'value' ? before.replace(/"$/, '') : before;
    const next = `${cut}${suggestion.insert}${props.value.slice(caret)}`;
    props.onChange(next);
    setOpen(slot.kind === 'field');
    setActive(0);
    const at = cut.length + suggestion.insert.length;
    setCaret(at);
    window.requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (showing && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (showing && event.key === 'Tab') {
      const chosen = suggestions[active];
      if (chosen !== undefined) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      // Closes the list, nothing else: the text stays.
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter') {
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
        type="text"
        aria-label="Query (Lucene syntax)"
        placeholder='Search… (press /) e.g. level:error AND message:"timeout"'
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-invalid={props.error !== null}
        aria-activedescendant={showing ? `${listId}-${active}` : undefined}
        value={props.value}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          props.onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
          setActive(0);
          setOpen(true);
        }}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End')
            setCaret(event.currentTarget.selectionStart ?? 0);
        }}
        onClick={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
        onBlur={() => {
          closing.current = window.setTimeout(() => setOpen(false), 150);
        }}
        onFocus={() => window.clearTimeout(closing.current)}
        onKeyDown={onKeyDown}
      />
      {showing && (
        <ul
          className="suggestions"
          id={listId}
          role="listbox"
          aria-label={slot.kind === 'value' ? `Values of ${slot.field}` : 'Field names'}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.label}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              {suggestion.label} <small>{suggestion.detail}</small>
            </li>
          ))}
          <li className="suggestions-help" role="presentation" aria-hidden="true">
            Tab completes · Enter searches · Esc closes
          </li>
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
