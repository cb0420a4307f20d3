/**
 * The groups among `changed` that would be their own ancestor once `parentOf` applies. `parentOf` maps
 * each group id to its parent (null for a root) and must cover every ancestor of the changed groups.
 */
export function groupsInCycles(parentOf: ReadonlyMap<string, string | null>, changed: Iterable<string>): Set<string> {
  const inCycle = new Set<string>();
  for (const start of changed) {
    const seen = new Set<string>([start]);
    let current = parentOf.get(start) ?? null;
    while (current !== null && !seen.has(current)) {
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
    if (current === start) inCycle.add(start);
  }
  return inCycle;
}
