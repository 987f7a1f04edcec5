interface ImportMetaEnv {
  /** The mark of the build's sources (vite.config.ts, build/storage-mark.ts); undefined in development and tests. */
  readonly STORAGE_MARK?: string;
}
