// The sidecar SDK's public surface.
export * from './hooks/index.js';
