/** `text` with every RegExp metacharacter escaped, to match itself literally inside a pattern. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
