interface ImportMetaEnv {
  /** When this build was made (vite.config.ts): answers saved by another build are not shown. */
  readonly BAKERY_BUILD: string;
}
