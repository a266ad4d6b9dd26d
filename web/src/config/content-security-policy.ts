/**
 * The web app's Content-Security-Policy, in one place: the dev server sends it as a header, the static
 * build carries it as a <meta> tag (web/vite.config.ts), and a static host should send the same text as a
 * header (a meta tag cannot carry frame-ancestors). Scripts come only from the app's own origin (no inline
 * script, no eval); network access only to the app itself and the Supabase API and its websocket; no
 * plugins, no <base> rewriting, no framing by other sites; frames only of the app's own pages and blob: URLs (a
 * prescription file's PDF preview). Styles may be inline: React style attributes
 * and the dev server's injected stylesheets need it, and styles cannot run code.
 * Pure (no Vite, no DOM), so the rule is unit tested as it is.
 */

export interface AppPolicyOptions {
  /** VITE_SUPABASE_URL: its origin, and the matching ws(s) origin for Realtime, may be reached. */
  supabaseUrl?: string | undefined;
  /** 'sha256-…' sources of the few fixed inline scripts a tool injects (the dev server's React Refresh preamble). */
  inlineScriptHashes?: readonly string[];
  /** Extra origins the page may connect to (the dev server's hot-reload websocket). */
  extraConnectSources?: readonly string[];
  /** Include directives a <meta> policy ignores (frame-ancestors): true for headers. */
  forHeader: boolean;
}

/** The http(s) origin of `url` and its websocket twin, or nothing when `url` is not a valid http(s) URL. */
export function supabaseSources(url: string | undefined): string[] {
  if (!url) return [];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [];
  const socketProtocol = parsed.protocol === 'https:' ? 'wss:' : 'ws:';
  return [parsed.origin, `${socketProtocol}//${parsed.host}`];
}

export function appContentSecurityPolicy(options: AppPolicyOptions): string {
  const scripts = ["'self'", ...(options.inlineScriptHashes ?? []).map((hash) => `'${hash}'`)];
  const connect = ["'self'", ...supabaseSources(options.supabaseUrl), ...(options.extraConnectSources ?? [])];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A prescription file's PDF is previewed in a frame of its downloaded bytes (a blob: URL), nothing else is framed.
    "frame-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  if (options.forHeader) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * The policy of a generated label or receipt page (web/src/lib/label-printing.ts): markup and inline
 * styles only. No script of any kind, nothing fetched but inline images, no forms, no <base>.
 */
export const PRINTABLE_DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
