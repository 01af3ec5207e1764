// The model requests' HTTP proxy: Node's fetch does not read HTTPS_PROXY, HTTP_PROXY or NO_PROXY,
// which users set in their shells and the JetBrains plugin sets from the IDE's proxy settings
// (jetbrains-plugin/README.md, "Proxy"). With one of them set, the model clients and the start-up
// probe fetch through undici's EnvHttpProxyAgent (loaded only then): https targets through the
// HTTPS proxy (else the HTTP one), http targets through the HTTP proxy, NO_PROXY hosts directly.
import type { Dispatcher } from 'undici';

/** The proxy variables, lower case first as curl reads them; `noProxy` as NO_PROXY spells it. */
export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy: string;
}

/** The signature both official clients take as their `fetch` option. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

type Env = Record<string, string | undefined>;

function first(env: Env, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

function proxyUrl(found: { name: string; value: string } | undefined): string | undefined {
  if (!found) return undefined;
  let url: URL;
  try {
    url = new URL(found.value);
  } catch {
    throw new Error(`${found.name} is not a URL: "${found.value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${found.name} must be an http(s) proxy URL, got "${url.protocol}"`);
  return found.value;
}

/** The proxy the environment asks for, undefined when none; throws on an unusable URL (names the variable). */
export function proxyFromEnv(env: Env): ProxySettings | undefined {
  const httpProxy = proxyUrl(first(env, ['http_proxy', 'HTTP_PROXY']));
  const httpsProxy = proxyUrl(first(env, ['https_proxy', 'HTTPS_PROXY']));
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  const proxy: ProxySettings = { noProxy: first(env, ['no_proxy', 'NO_PROXY'])?.value ?? '' };
  if (httpProxy !== undefined) proxy.httpProxy = httpProxy;
  const secure = httpsProxy ?? httpProxy;
  if (secure !== undefined) proxy.httpsProxy = secure;
  return proxy;
}

/** A fetch through `proxy` (one agent and its connections per fetch made here), or undefined: the default fetch. */

type Undici = typeof import('undici');

/** undici's exports: named when Node loads it, under `default` when the bundle (scripts/bundle.mjs) wraps the CommonJS module. */
function undiciOf(m: { default?: unknown }): Undici {
  const named = m as Partial<Undici>;
  return (typeof named.EnvHttpProxyAgent === 'function' ? named : m.default) as Undici;
}

export function proxiedFetch(proxy: ProxySettings | undefined): Fetch | undefined {
  if (!proxy) return undefined;
  // undici's own fetch with its agent: Node's built-in fetch may be another undici version. Both
  // clients call fetch(url, init) with a string URL.
  let loaded: Promise<{ fetch: typeof import('undici').fetch; dispatcher: Dispatcher }> | undefined;
  const load = () =>
    (loaded ??= import('undici').then(undiciOf).then(({ fetch, EnvHttpProxyAgent }) => ({
      fetch,
      dispatcher: new EnvHttpProxyAgent({ httpProxy: proxy.httpProxy ?? '', httpsProxy: proxy.httpsProxy ?? '', noProxy: proxy.noProxy }),
    })));
  const proxied = async (input: string | URL, init?: object): Promise<unknown> => {
    const { fetch, dispatcher } = await load();
    return fetch(input, { ...init, dispatcher });
  };
  // undici's Response and RequestInit are its own declarations of the same standard types.
  return proxied as Fetch;
}
