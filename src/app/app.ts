import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/index.js';
import type { IngestPorts } from '../ingest/index.js';
import type { BootstrapResult } from '../modules/accounts/index.js';
import type { DetectionEngine } from '../detection/index.js';
import type { FeatureGrantService } from '../modules/feature-grants/index.js';
import type { InsightLearning } from '../modules/insights/index.js';
import type { S3FetchCycle } from '../modules/s3-fetchers/index.js';
import type { UsageService } from '../modules/usage/index.js';
import type { Job } from '../scheduler/job-runner.js';
import type { TaskWorker } from '../scheduler/tasks/index.js';
import type { SnapshotService } from '../modules/snapshots/index.js';
import type { ControlPlane } from '../storage/control-plane/index.js';
import type { LogStore } from '../storage/log-store.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { ArchiveServices } from './wiring/archive.js';

/** A composed Logward process: what tests and the entry point reach into. */
export interface App {
  readonly config: AppConfig;
  readonly controlPlane: ControlPlane;
  readonly bootstrap: BootstrapResult;
  /** The API server (built also when the api role is off, so tests can inject). */
  readonly api: FastifyInstance;
  readonly logStore: LogStore;
  readonly usage: UsageService;
  /** The log listener (Logz.io bulk and Elasticsearch ingest), built also when the ingest role is off. */
  readonly listener: FastifyInstance;
  /** Where the ingest role listens once started (ports resolved when configured as 0). */
  ingestPorts(): IngestPorts | undefined;
  /** The ops port (LOGWARD_OPS_PORT) once listening. */
  opsPort(): number | undefined;
  /** The detection engine (alerts are its first rule kind); the scheduler role runs its cycle every alert interval (tests call it directly). */
  readonly alertEvaluation: DetectionEngine;
  /** The same engine, by what it is: later rule kinds register on it (registerKind). */
  readonly detection: DetectionEngine;
  /** The retention job the scheduler role runs every ten minutes (tests run it directly). */
  readonly retentionJob: Job;
  /** Counts the words most logs hold ahead of the searches that total them (decision 0197). */
  readonly wordCountJob: Job;
  /** The features granted per account (the CLI grants them; tests call it directly). */
  readonly featureGrants: FeatureGrantService;
  /** The insights learner; the scheduler role runs its cycle every minute (tests call it directly). */
  readonly insightLearning: InsightLearning;
  /** The S3 fetchers' pass; the scheduler role runs it every minute (tests call it directly). */
  readonly s3Fetching: S3FetchCycle;
  /** Snapshot images and exports (decision 0323). */
  readonly blobs: BlobStore;
  /** Snapshots of dashboards and visualizations (tests expire them with an injected clock). */
  readonly snapshots: SnapshotService;
  /** The tracked-task worker the scheduler role runs (tests drive it directly). */
  readonly tasks: TaskWorker;
  /** Archive pass, restore runner and its task worker (decision 0700-0705; tests drive them directly). */
  readonly archive: ArchiveServices;
  /** Binds the ports of the configured roles. */
  start(): Promise<void>;
  /** Stops accepting work, lets in-flight requests finish, closes stores. */
  stop(): Promise<void>;
}
