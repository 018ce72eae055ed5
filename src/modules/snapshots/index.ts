export { createSnapshotService, type SnapshotService } from './snapshot-service.js';
export { createSnapshotRenderer, SnapshotRenderFailure, type SnapshotRenderer, type RenderProgress } from './snapshot-render-task.js';
export { snapshotRoutes } from './snapshot-routes.js';
export { snapshotPng, snapshotSvg, type SnapshotPicture, type RenderedPanel } from './render/render-snapshot.js';
export { pngSize } from './render/png-info.js';
