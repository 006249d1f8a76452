interface ImportMetaEnv {
  /** Address shown on the full-page error; each installation has its own mail domain. */
  readonly VITE_SUPPORT_EMAIL?: string;
}
