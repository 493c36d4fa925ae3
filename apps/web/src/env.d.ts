/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Separate API host, e.g. https://api.example.com; unset = same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
