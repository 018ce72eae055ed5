export { createTaskStore, type NewTask, type TaskStatus, type TaskStore, type TrackedTask } from './task-store.js';
export { createTaskWorker, TaskFailure, type TaskContext, type TaskHandler, type TaskWorker } from './task-worker.js';
