import type { ReactNode } from 'react';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';

// Kibana's grid (48 columns, 20-px rows), as snapshots lay it out too (the shared model's, decision 0670).
import { GRID_COLUMNS, ROW_HEIGHT } from '../../../src/vis-model/index.js';

export interface GridPlace {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface GridPanel {
  readonly panelIndex: string;
  readonly gridData: GridPlace;
}

/**
 * The dashboard's grid, measured by a hook that mounts with it: the page also shows the list of dashboards, and a
 * width hook mounted there would never see the grid's container (it kept its initial 1,280 px, leaving the rest of a
 * wider window empty).
 */
export function PanelGrid<P extends GridPanel>(props: {
  readonly panels: readonly P[];
  readonly editable: boolean;
  readonly onPlaced: (panelIndex: string, place: GridPlace) => void;
  readonly render: (panel: P) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const { panels, editable } = props;
  return (
    <div className="grid" data-testid="dashboard-grid" ref={containerRef}>
      {panels.length === 0 && <p className="muted">No panels: add a saved visualization or search.</p>}
      {mounted && panels.length > 0 && (
        <GridLayout
          width={width}
          layout={panels.map((panel) => ({ i: panel.panelIndex, ...panel.gridData, minW: 6, minH: 6 }))}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [10, 10] }}
          dragConfig={{ enabled: editable, handle: '.panel-drag', cancel: 'a, button' }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          onLayoutChange={(layout: Layout) => {
            for (const panel of panels) {
              const item = layout.find((entry) => entry.i === panel.panelIndex);
              if (item === undefined) continue;
              const { x, y, w, h } = item;
              const was = panel.gridData;
              if (x !== was.x || y !== was.y || w !== was.w || h !== was.h) props.onPlaced(panel.panelIndex, { x, y, w, h });
            }
          }}
        >
          {panels.map((panel) => (
            <div key={panel.panelIndex} data-panel={panel.panelIndex}>
              {props.render(panel)}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
