/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Secret for the browser storage cipher (spec §9). Set it for production builds. */
  readonly VITE_STORAGE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
