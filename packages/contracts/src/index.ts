export * from './define.js';
export * from './envelope.js';
export * from './streams.js';
export * from './registry.js';
export * from './rpc-error.js';
export * from './identity/index.js';
export * from './portfolio/index.js';
export * from './access/permissions.js';
