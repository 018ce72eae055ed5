export { webUiRoutes } from './web-ui-routes.js';
export { loadWebUiFiles, DEFAULT_WEB_DIST_DIR, type WebUiFile } from './web-ui-files.js';
