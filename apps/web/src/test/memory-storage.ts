/**
 * A browser Storage in memory, for the web's tests under Node, which has no localStorage or
 * sessionStorage: `entries` is what it holds (pass one in to read it from the test).
 */
export function memoryStorage(entries = new Map<string, string>()): Storage & { entries: Map<string, string> } {
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
    key: () => null,
    length: 0,
  };
}
