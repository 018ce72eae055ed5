export {
  openControlPlane,
  migrateToLatest,
  type ControlPlane,
  type ControlPlaneDialect,
  type OpenControlPlaneOptions,
} from './open-control-plane.js';
export type * from './tables.js';
