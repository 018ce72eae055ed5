import { GRID_COLUMNS, ROW_HEIGHT, type GridData } from '../../../vis-model/index.js';

/** Pixel size of a snapshot image and where each panel goes in it. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const IMAGE_WIDTH = 1280;
const MARGIN = 10;
const PADDING = 16;
/** Height of the title, time frame, query and message lines above the panels. */
export const HEADER_HEIGHT = 112;
/** A visualization alone: the size it takes in the app's editor. */
const SINGLE_HEIGHT = 560;

/**
 * The app's dashboard grid (react-grid-layout: 48 columns, 20-px rows, 10-px margins) scaled to the image width,
 * so panels keep the places and proportions they have on screen.
 */
export function panelRects(grids: readonly GridData[]): { rects: Rect[]; height: number } {
  const inner = IMAGE_WIDTH - 2 * PADDING;
  const column = (inner + MARGIN) / GRID_COLUMNS;
  const rects = grids.map((grid) => ({
    x: PADDING + grid.x * column,
    y: HEADER_HEIGHT + grid.y * (ROW_HEIGHT + MARGIN),
    width: Math.max(column, grid.w * column - MARGIN),
    height: Math.max(ROW_HEIGHT, grid.h * ROW_HEIGHT + (grid.h - 1) * MARGIN),
  }));
  const bottom = rects.reduce((max, rect) => Math.max(max, rect.y + rect.height), HEADER_HEIGHT + 2 * ROW_HEIGHT);
  return { rects, height: Math.ceil(bottom + PADDING) };
}

export function singleRect(): { rect: Rect; height: number } {
  return {
    rect: { x: PADDING, y: HEADER_HEIGHT, width: IMAGE_WIDTH - 2 * PADDING, height: SINGLE_HEIGHT },
    height: HEADER_HEIGHT + SINGLE_HEIGHT + PADDING,
  };
}
