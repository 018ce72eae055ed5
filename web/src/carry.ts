import { DEFAULT_FROM, DEFAULT_TO } from './time.js';

/**
 * The range people last used, carried between Discover, Visualize and Dashboards (the header's links keep it, with
 * the query): kept for the tab's life only.
 */
const CARRIED = 'logward.range';

export interface CarriedView {
  readonly from: string;
  readonly to: string;
  readonly q: string;
}

export function rememberView(view: CarriedView): void {
  try {
    window.sessionStorage.setItem(CARRIED, JSON.stringify(view));
  } catch {
    // Storage refused (private mode): links then carry nothing, as before.
  }
}

export function carriedView(): CarriedView {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(CARRIED) ?? '{}') as Partial<CarriedView>;
    return { from: parsed.from ?? DEFAULT_FROM, to: parsed.to ?? DEFAULT_TO, q: parsed.q ?? '' };
  } catch {
    return { from: DEFAULT_FROM, to: DEFAULT_TO, q: '' };
  }
}
