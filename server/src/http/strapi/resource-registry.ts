import type { ResourceDef } from './resource.ts';

/**
 * Resources by name, for a relation that points back at an area importing its own (a provider's comments:
 * the comments area imports the directory, so the directory may not import the comments). Such a relation
 * names its target, `target: resourceNamed('comment')`, and areas import each other in one direction only;
 * `modules/resources.ts` registers the named resources when the areas load. Every other relation points at
 * its target directly (`target: () => fileResource`).
 */
const registry = new Map<string, ResourceDef>();

/** Registers resources under their `name`; two different resources under one name are an error. */
export function registerResources(defs: readonly ResourceDef[]): void {
  for (const def of defs) {
    const held = registry.get(def.name);
    if (held && held !== def) throw new Error(`Two resources are named '${def.name}'.`);
    registry.set(def.name, def);
  }
}

/** A relation's target by its resource's name, looked up when a query is parsed or run. */
export function resourceNamed(name: string): () => ResourceDef {
  return () => {
    const def = registry.get(name);
    if (!def) throw new Error(`No resource named '${name}' is registered (server/src/modules/resources.ts).`);
    return def;
  };
}
