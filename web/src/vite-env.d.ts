interface ImportMetaEnv {
  /** Address shown on the full-page error; each installation has its own mail domain. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Where "Contact sales" (pricing, Enterprise) writes to. */
  readonly VITE_SALES_EMAIL?: string;
  /** The privacy contact the Privacy Policy names. */
  readonly VITE_PRIVACY_EMAIL?: string;
  /** Captcha site key (Turnstile or hCaptcha); without it the captcha is hidden, the local default. */
  readonly VITE_CAPTCHA_SITE_KEY?: string;
  /** `turnstile` (default) or `hcaptcha`. */
  readonly VITE_CAPTCHA_PROVIDER?: string;
  /** Raster tile URL template ({z}/{x}/{y}) of the map beside the property form; without it an offline map shows. */
  readonly VITE_MAP_TILE_URL?: string;
  /** The attribution the tile provider requires, shown on the map. */
  readonly VITE_MAP_ATTRIBUTION?: string;
  /** Deployment stage; the selected property location is remembered per stage. */
  readonly VITE_STAGE?: string;
  /** Host name prefix of the special (document-centred) host; default `docs.`, empty for none (app/special-host.ts). */
  readonly VITE_SPECIAL_HOST_PREFIX?: string;
}
