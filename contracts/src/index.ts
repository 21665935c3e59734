export * from './errors.ts';
export * from './common.ts';
export * from './health.ts';
export * from './events.ts';
