import type { FieldValue, LogDocument } from '../../storage/log-store.js';
import type { IngestDropFilter } from './drop-filter-port.js';

function fieldOf(document: LogDocument, name: string): FieldValue | undefined {
  if (name === 'message') return document.message;
  if (name === 'type') return document.type;
  return document.fields[name];
}

function equalsText(value: FieldValue | undefined, text: string): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => item !== null && String(item) === text);
  return String(value) === text;
}

/**
 * The first filter whose log type and every field condition the log meets. Values compare as text, whole
 * (Logz.io: "an exact value match of the entire string"): 200 matches the number 200 and the string "200"; a field
 * holding an array matches when one element does. Nested fields are named with dots (`kubernetes.namespace`).
 */
export function matchingDropFilter(document: LogDocument, filters: readonly IngestDropFilter[]): IngestDropFilter | undefined {
  return filters.find(
    (filter) =>
      (filter.logType === undefined || filter.logType === document.type) &&
      filter.conditions.every((condition) => equalsText(fieldOf(document, condition.fieldName), condition.value)),
  );
}
