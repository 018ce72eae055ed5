export { loadConfig, ConfigError } from './load-config.js';
export {
  SETTINGS,
  ALL_ROLES,
  type AppConfig,
  type DetectionTuning,
  type BlobStoreConfig,
  type RetentionTuning,
  type Role,
  type SettingDefinition,
} from './config-schema.js';
