// The protocol's TYPES, from the sidecar's single source of truth (sidecar/src/protocol/protocol.ts).
// `export type` only: no server code enters the bundle.
export type * from '@wave/sidecar/protocol';
