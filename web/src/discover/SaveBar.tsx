import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.js';
import type { SavedObject } from '../saved-objects.js';

/** Save (or save as new) under a title, and open another saved object of the same kind. */
export function SaveBar(props: {
  kind: string;
  saved: { id: string; title: string } | null;
  canWrite: boolean;
  onSave: (title: string, asNew: boolean) => Promise<void>;
  onOpenList: () => Promise<void>;
  list: readonly SavedObject[];
  onOpen: (id: string) => void;
}) {
  const [title, setTitle] = useState(props.saved?.title ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const savedTitle = props.saved?.title;
  useEffect(() => {
    if (savedTitle !== undefined) setTitle(savedTitle);
  }, [savedTitle]);

  const submit = async (event: FormEvent, asNew: boolean): Promise<void> => {
    event.preventDefault();
    try {
      await props.onSave(title.trim(), asNew);
      setMessage(`Saved “${title.trim()}”`);
    } catch (caught) {
      setMessage(caught instanceof ApiError ? `Not saved: ${caught.message}` : 'Not saved');
    }
  };

  return (
    <div className="save-bar">
      <span className="saved-title">{props.saved === null ? `New ${props.kind}` : props.saved.title}</span>
      <form onSubmit={(event) => void submit(event, props.saved === null)} aria-label={`Save ${props.kind}`}>
        <input
          aria-label={`Title of the ${props.kind}`}
          placeholder="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          disabled={!props.canWrite}
        />
        <button
          type="submit"
          disabled={!props.canWrite || title.trim() === ''}
          title={props.canWrite ? undefined : 'Read-only users cannot save'}
        >
          Save
        </button>
        {props.saved !== null && (
          <button type="button" disabled={!props.canWrite || title.trim() === ''} onClick={(event) => void submit(event, true)}>
            Save as new
          </button>
        )}
      </form>
      {!props.canWrite && <span className="muted">Read-only: saving is off</span>}
      {message !== null && (
        <span role="status" className="muted">
          {message}
        </span>
      )}
      <button
        type="button"
        aria-expanded={listOpen}
        onClick={() => {
          setListOpen(!listOpen);
          if (!listOpen) void props.onOpenList().catch(() => undefined);
        }}
      >
        Open…
      </button>
      {listOpen && (
        <ul className="open-list" aria-label={`Saved ${props.kind}s`}>
          {props.list.length === 0 && <li className="muted">None saved</li>}
          {props.list.map((object) => (
            <li key={object.id}>
              <button
                type="button"
                onClick={() => {
                  setListOpen(false);
                  setTitle(object.attributes.title);
                  props.onOpen(object.id);
                }}
              >
                {object.attributes.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
