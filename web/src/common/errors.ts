/** A failed request's message, for a page to show. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Comma- or newline-separated words, trimmed, empty ones dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function formatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
