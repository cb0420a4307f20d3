export * from './ids';
export * from './password-hasher';
export * from './like-pattern';
export * from './fetch-page';
export * from './transactional';
export * from './postgres-errors';
export * from './group-by';
export * from './loggable-error';
