/**
 * auth-js's Sign in with Ethereum helpers (lib/web3/ethereum.js) as this app builds them (the redirect:
 * ../supabase-parts.ts): left out, since staff sign in with a password. Only signInWithWeb3 calls them; each throws.
 */
function leftOut(name: string): () => never {
  return () => {
    throw new Error(`@supabase/auth-js Web3 sign-in (${name}) is left out of this app (web/build/supabase-parts/web3-left-out.ts)`);
  };
}

export const createSiweMessage = leftOut('createSiweMessage');
export const fromHex = leftOut('fromHex');
export const getAddress = leftOut('getAddress');
export const toHex = leftOut('toHex');
