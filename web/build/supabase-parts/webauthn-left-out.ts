/**
 * auth-js's WebAuthn factors (lib/webauthn.js) as this app builds them (the redirect: ../supabase-parts.ts): left
 * out, since the app's second factor is TOTP. GoTrueClient imports these names and calls them only for WebAuthn
 * factors; each throws, naming this file (and no browser supports WebAuthn, which GoTrueClient answers as an error).
 */
function leftOut(name: string): () => never {
  return () => {
    throw new Error(`@supabase/auth-js WebAuthn (${name}) is left out of this app (web/build/supabase-parts/webauthn-left-out.ts)`);
  };
}

export const createCredential = leftOut('createCredential');
export const getCredential = leftOut('getCredential');
export const deserializeCredentialCreationOptions = leftOut('deserializeCredentialCreationOptions');
export const deserializeCredentialRequestOptions = leftOut('deserializeCredentialRequestOptions');
export const serializeCredentialCreationResponse = leftOut('serializeCredentialCreationResponse');
export const serializeCredentialRequestResponse = leftOut('serializeCredentialRequestResponse');
export const browserSupportsWebAuthn = (): boolean => false;
export const webAuthnAbortService = { createNewAbortSignal: leftOut('createNewAbortSignal'), cancelCeremony: (): void => {} };

/** `supabase.auth.mfa.webauthn`: constructed with the client; every method throws. */
export class WebAuthnApi {
  readonly enroll = leftOut('mfa.webauthn.enroll');
  readonly challenge = leftOut('mfa.webauthn.challenge');
  readonly verify = leftOut('mfa.webauthn.verify');
  readonly authenticate = leftOut('mfa.webauthn.authenticate');
  readonly register = leftOut('mfa.webauthn.register');
}
