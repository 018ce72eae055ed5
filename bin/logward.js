#!/usr/bin/env node
// The CLI runs the TypeScript sources through tsx, like `npm start`: no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
