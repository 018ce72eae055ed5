export {
  openControlPlane,
  migrateToLatest,
  type ControlPlane,
  type ControlPlaneDialect,
  type OpenControlPlaneOptions,
} from './open-control-plane.js';
export type * from './tables.js';
export { keyValueRepository } from './key-value-repository.js';
export { inFlightRepository } from './in-flight-repository.js';
export { engineStatementsRepository, type PublishedRow, type PublishedStatements } from './engine-statements-repository.js';
