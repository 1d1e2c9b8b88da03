/** Host names a loopback-bound server answers by default. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The host name of a `Host` header value, lower-cased, without its port: `[::1]:8080` keeps its
 * brackets (`[::1]`), `localhost:8080` becomes `localhost`.
 */
export function hostHeaderName(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1).toLowerCase();
  return (hostHeader.split(':')[0] ?? '').toLowerCase();
}

/**
 * The host name of an `Origin` header value, lower-cased, an IPv6 address in brackets (`[::1]`, as
 * the URL standard writes it); `''` when it is not a URL with a host (`null`, `file://`, garbage),
 * which matches no allowed host.
 */
export function originHostName(origin: string): string {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Whether `host` (as {@link hostHeaderName} or {@link originHostName} returns it) is in `allowedHosts`. */
export function isAllowedHost(allowedHosts: readonly string[], host: string): boolean {
  return host !== '' && allowedHosts.some((allowed) => allowed.toLowerCase() === host);
}

/** Whether a server bound to `bindHost` is reachable from loopback only. */
export function isLoopbackBind(bindHost: string): boolean {
  return bindHost === 'localhost' || bindHost === '::1' || bindHost.startsWith('127.');
}
