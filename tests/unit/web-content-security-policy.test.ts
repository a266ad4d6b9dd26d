/**
 * The web app's Content-Security-Policy (web/src/config/content-security-policy.ts) and the no-script
 * wrapper of generated label and receipt pages (web/src/lib/printable-document.ts).
 */
import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy, PRINTABLE_DOCUMENT_POLICY, supabaseSources } from '../../web/src/config/content-security-policy.ts';
import { printableDocument } from '../../web/src/lib/printable-document.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('appContentSecurityPolicy', () => {
  it('lets scripts come from the app alone and the network reach the app and the Supabase API and websocket', () => {
    const policy = directives(appContentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co/', forHeader: true }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co', 'wss://abc.supabase.co']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('allows a fixed inline script only by its hash, never unsafe-inline or eval', () => {
    const policy = appContentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', inlineScriptHashes: ['sha256-abc='], extraConnectSources: ['ws://127.0.0.1:5173'], forHeader: true });
    expect(directives(policy).get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(directives(policy).get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321', 'ws://127.0.0.1:5173']);
    expect(policy).not.toContain('unsafe-eval');
    expect(directives(policy).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('leaves frame-ancestors out of a meta-tag policy (browsers ignore it there)', () => {
    expect(directives(appContentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', forHeader: false })).has('frame-ancestors')).toBe(false);
  });

  it('adds no Supabase origin for a missing or non-http URL', () => {
    expect(supabaseSources(undefined)).toEqual([]);
    expect(supabaseSources('javascript:alert(1)')).toEqual([]);
    expect(supabaseSources('not a url')).toEqual([]);
  });
});

describe('printableDocument', () => {
  const label = '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Rx 1</title></head><body><div>Ann <script>alert(1)</script></div></body></html>';

  it('puts the no-script policy right after the doctype, ahead of everything the page holds', () => {
    const page = printableDocument(label);
    expect(page.startsWith(`<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${PRINTABLE_DOCUMENT_POLICY}">\n<html lang="en">`)).toBe(true);
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<script>'));
  });

  it('adds a doctype and the policy to a page without one', () => {
    expect(printableDocument('<p>receipt</p>')).toBe(`<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${PRINTABLE_DOCUMENT_POLICY}"><p>receipt</p>`);
  });

  it('allows no script source at all in the page', () => {
    const policy = directives(PRINTABLE_DOCUMENT_POLICY);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('script-src')).toBe(false);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });
});
