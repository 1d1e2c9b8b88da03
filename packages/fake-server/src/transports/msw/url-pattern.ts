import { escapeRegExp } from '../../exchange/escape-reg-exp.js';

/**
 * The RegExp msw matches a request URL against, for an exact URL (`subtree: false`) or every URL
 * under it (`subtree: true`, what a string path ending in `/*` means to msw). It matches what msw's
 * string paths match — query and fragment ignored (msw strips them before matching), an optional
 * trailing slash, case-insensitive as path-to-regexp's default — but is compiled once: msw turns a
 * string path into a RegExp again for every request it tries the handler on, and with one handler
 * set per served server (a run serves dozens at once through one interception) that compiling was
 * most of msw's cost per request.
 */
export function urlPattern(url: string, options: { subtree: boolean }): RegExp {
  const base = url.replace(/\/+$/, '');
  const escaped = escapeRegExp(base);
  return new RegExp(options.subtree ? `^${escaped}/.*$` : `^${escaped}/?$`, 'i');
}
