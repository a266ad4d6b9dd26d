import { describe, expect, it } from 'vitest';
import { JwtError, signJwt, verifyJwt } from '../../supabase/local/src/jwt.ts';
import { DEFAULT_JWT_SECRET, loadConfig } from '../../supabase/local/src/config.ts';

describe('HS256 JWT', () => {
  it('produces the Supabase CLI demo anon key from the default secret', () => {
    // The well-known local anon key every Supabase CLI project prints.
    expect(loadConfig({}).anonKey).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
  });

  it('round-trips claims and rejects tampering, a wrong secret and expiry', () => {
    const token = signJwt({ sub: 'abc', role: 'authenticated', exp: 2000 }, DEFAULT_JWT_SECRET);
    expect(verifyJwt(token, DEFAULT_JWT_SECRET, 1000)).toMatchObject({ sub: 'abc', role: 'authenticated' });

    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'abc', role: 'service_role', exp: 2000 })).toString('base64url');
    expect(() => verifyJwt(`${header}.${forgedPayload}.${signature}`, DEFAULT_JWT_SECRET, 1000)).toThrow(JwtError);
    expect(() => verifyJwt(token, 'another-secret-of-sufficient-length-123456', 1000)).toThrow('signature is invalid');
    expect(() => verifyJwt(token, DEFAULT_JWT_SECRET, 2000)).toThrow('token has expired');
    expect(() => verifyJwt('not.a.jwt', DEFAULT_JWT_SECRET)).toThrow(JwtError);
  });

  it('refuses tokens that are not HS256', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(() => verifyJwt(`${header}.${payload}.`, DEFAULT_JWT_SECRET)).toThrow('signing method is not HS256');
  });
});

describe('stack configuration', () => {
  it('defaults to the ports of the architecture brief and moves them all with STACK_PORT_BASE', () => {
    const defaults = loadConfig({});
    expect(defaults.ports.api).toBe(54321);
    expect(defaults.ports.db).toBe(54322);
    expect(defaults.ports.web).toBe(5173);
    expect(defaults.dbUrl).toBe('postgresql://postgres:postgres@127.0.0.1:54322/postgres');

    const moved = loadConfig({ STACK_PORT_BASE: '60321' });
    expect(moved.ports.api).toBe(60321);
    expect(moved.ports.db).toBe(60322);
    expect(moved.apiUrl).toBe('http://127.0.0.1:60321');
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadConfig({ STACK_API_PORT: 'eighty' })).toThrow('STACK_API_PORT must be a port number');
  });
});
