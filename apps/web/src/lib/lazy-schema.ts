/**
 * A contract schema built the first time something reads it (decision 034, lever 22): the web's
 * build wraps each of the contract's top-level schemas in this (build/pure-contract.ts). The value
 * stands in for the schema in every way code can observe it (its properties, methods, prototype and
 * `instanceof`), so the contract, zod and the pages use it as the schema itself.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = () => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, v) => Reflect.set(value(), key, v),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // The stand-in's own target is empty: a property is reported as one that may change.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(value(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
  });
}
