import { DataSource, EntityManager, ObjectLiteral, Repository } from 'typeorm';

/**
 * The repository to write through: the caller's transaction when one is passed, so writes of
 * several services can commit or roll back together, otherwise the injected repository.
 */
export function within<T extends ObjectLiteral>(repository: Repository<T>, manager?: EntityManager): Repository<T> {
  return manager ? manager.getRepository(repository.target) : repository;
}

/** Runs `work` in the caller's transaction when one is passed, otherwise in a new one. */
export function inTransaction<T>(
  dataSource: DataSource,
  manager: EntityManager | undefined,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return manager ? work(manager) : dataSource.transaction(work);
}
