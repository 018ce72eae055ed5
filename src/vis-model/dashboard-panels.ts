/** Dashboards as Kibana keeps them: panels on a 48-column grid of 20-px rows, each naming the object it shows. */

export const GRID_COLUMNS = 48;
export const ROW_HEIGHT = 20;

export interface GridData {
  x: number;
  y: number;
  w: number;
  h: number;
  i: string;
}

export interface DashboardPanel {
  readonly panelIndex: string;
  readonly gridData: GridData;
  readonly type: 'visualization' | 'search';
  readonly id: string;
}

export interface PanelReference {
  readonly name: string;
  readonly type: string;
  readonly id: string;
}

function finite(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The panels of a dashboard's panelsJSON; the object each shows is named through `panelRefName` in the references. */
export function dashboardPanelsOf(panelsJSON: unknown, references: readonly PanelReference[]): DashboardPanel[] {
  if (typeof panelsJSON !== 'string') return [];
  try {
    const raw = JSON.parse(panelsJSON) as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((item: unknown, index) => {
      if (typeof item !== 'object' || item === null) return [];
      const panel = item as { panelIndex?: unknown; gridData?: Partial<GridData>; panelRefName?: unknown; type?: unknown; id?: unknown };
      const reference = references.find((ref) => ref.name === panel.panelRefName);
      const id = reference?.id ?? (typeof panel.id === 'string' ? panel.id : undefined);
      const type = reference?.type ?? panel.type;
      if (id === undefined || (type !== 'visualization' && type !== 'search')) return [];
      const grid = panel.gridData ?? {};
      return [
        {
          panelIndex: typeof panel.panelIndex === 'string' ? panel.panelIndex : String(index + 1),
          gridData: {
            x: finite(grid.x, 0),
            y: finite(grid.y, index * 15),
            w: finite(grid.w, 24),
            h: finite(grid.h, 15),
            i: typeof grid.i === 'string' ? grid.i : String(index + 1),
          },
          type,
          id,
        },
      ];
    });
  } catch {
    return [];
  }
}
