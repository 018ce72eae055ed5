import { useState } from 'react';

/** A token or key shown masked (its last four characters) until asked for; copying never shows it. */
export function Secret({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const masked = value.length <= 4 ? '••••' : `••••${value.slice(-4)}`;
  return (
    <span className="secret-cell">
      <code className="secret" data-testid="secret">
        {shown ? value : masked}
      </code>
      <button type="button" className="icon" onClick={() => setShown(!shown)} aria-pressed={shown}>
        {shown ? 'Hide' : 'Show'}
        <span className="visually-hidden"> {label}</span>
      </button>
      <button
        type="button"
        className="icon"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {label}</span>
      </button>
    </span>
  );
}
