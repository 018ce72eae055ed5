import type { AlertRequest, Severity } from '../alerts/alert-model.js';

export interface SecurityRule extends AlertRequest {
  readonly id: number;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
  readonly enabled: boolean;
  readonly searchTimeFrameMinutes: number;
  readonly mitreTags: readonly string[];
  readonly isProtected: boolean;
  readonly sigma?: { readonly id: string | null; readonly author: string | null; readonly license: string };
}

export interface RulePage {
  readonly total: number;
  readonly results: readonly SecurityRule[];
}

export const TRIAGE_STATUSES = ['NEW', 'ASSIGNED', 'IN_PROGRESS', 'RESOLVED', 'DISMISSED'] as const;
export type TriageStatus = (typeof TRIAGE_STATUSES)[number];

export interface SecurityEvent {
  readonly alertEventId: string;
  readonly alertId: number;
  readonly name: string;
  readonly alertSummary: string;
  readonly eventDate: number;
  readonly alertWindowStartDate: number;
  readonly alertWindowEndDate: number;
  readonly severity: Severity;
  readonly groupBy: Readonly<Record<string, string>>;
  readonly tags: readonly string[];
  readonly mitreTags: readonly string[];
  readonly hits: number;
  readonly isMuted: boolean;
  readonly status: TriageStatus;
  readonly triage: {
    readonly assignee: string | null;
    readonly comment: string | null;
    readonly mutedUntil: number | null;
    readonly updatedAt: number | null;
    readonly updatedBy: string | null;
  };
}

export interface EventPage {
  readonly total: number;
  readonly results: readonly SecurityEvent[];
}

export interface TriageChange {
  readonly status?: TriageStatus;
  readonly assignee?: string | null;
  readonly comment?: string;
  readonly isMuted?: boolean;
  readonly muteUntil?: number | null;
}

export interface LookupList {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

export interface LookupElement {
  readonly id: number;
  readonly value: string;
  readonly comment: string;
  readonly expirationDate: number | null;
}

export interface MitreCoverage {
  readonly tactics: readonly {
    readonly id: string;
    readonly name: string;
    readonly url: string;
    readonly ruleCount: number;
    readonly techniquesCovered: number;
    readonly techniquesTotal: number;
    readonly techniques: readonly {
      readonly id: string;
      readonly name: string;
      readonly url: string;
      readonly rules: readonly { id: number; title: string }[];
    }[];
  }[];
}

/**
 * Elements from pasted text or a CSV file: one a line, `value[,comment]`; a header line naming `value` is skipped;
 * a quoted value may hold commas.
 */
export function elementsOfText(text: string): { value: string; comment?: string }[] {
  const rows: { value: string; comment?: string }[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const cells = csvCells(line);
    const value = (cells[0] ?? '').trim();
    if (index === 0 && value.toLowerCase() === 'value') continue;
    if (value === '') continue;
    const comment = cells.slice(1).join(',').trim();
    rows.push(comment === '' ? { value } : { value, comment });
  }
  return rows;
}

function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
