// Loaded with `--import` before the application (api/package.json's start and worker scripts): tracing
// must hook `pg` and `node:http` before they are first imported. Without the OTEL variables it does
// nothing at all.
import { startTracing, tracingWanted } from './tracing.js';

// The process's shutdown steps export the last spans (`stopTracing`).
if (tracingWanted()) await startTracing();
