export * from './vis-spec.js';
export * from './vis-search.js';
export * from './vis-chart.js';
export * from './dashboard-panels.js';
