import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = ReturnType<Storage['getTargetValidationMetadatas']>[number];
type TargetLookup = Storage['getTargetValidationMetadatas'];
type Grouped = Record<string, ValidationMetadata[]>;

let installed = false;

/**
 * Class-validator walks its metadata of a class and regroups it by property on every validation, which
 * the profile showed on every request. A DTO's rules are fixed once its class is loaded, so both answers
 * are kept per class and options, and forgotten whenever a rule is added.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (installed) return;
  installed = true;
  const lookups = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let groupings = new WeakMap<ValidationMetadata[], Grouped>();

  const lookup: TargetLookup = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${String(always)}\u0000${String(strictGroups)}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = lookups.get(target);
    if (!byOptions) lookups.set(target, (byOptions = new Map<string, ValidationMetadata[]>()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = group(metadata)));
    return grouped;
  };

  const add = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    lookups.clear();
    groupings = new WeakMap();
    add(metadata);
  };
}
