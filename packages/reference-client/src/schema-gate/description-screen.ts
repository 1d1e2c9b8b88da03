/**
 * Advisories about tool text that reads like instructions to the model rather than a description:
 * a prompt-injection signal. Advisories never change policy or exposure by themselves; the host
 * decides (see `suspiciousDescriptions` in the host options).
 */
export type DescriptionAdvisory = 'instruction-like-text' | 'hidden-characters';

/** What instruction-like text looks like (any one of them flags the text). */
export const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all)\b[^.\n]{0,20}\b(instructions?|prompts?|messages?|rules)\b/i,
  /<\/?\s*(system|instructions?|important|admin|assistant)\s*>/i,
  /\b(system|developer)\s+(prompt|message|instructions?)\b/i,
  /\byou\s+(must|should|are required to)\s+(always\s+|first\s+)?(call|use|invoke|run|execute|send|read)\b/i,
  /\b(do not|don't|never)\s+(tell|inform|mention|reveal|show)\b[^.\n]{0,40}\buser\b/i,
  /\b(pre-?approved|no (need for|need to ask for) (approval|confirmation)|without (asking|confirmation|approval))\b/i,
];

/** The patterns as one alternation: one scan of the text instead of one per pattern (same answer for `test`). */
const ANY_INSTRUCTION = new RegExp(
  INSTRUCTION_PATTERNS.map((pattern) => `(?:${pattern.source})`).join('|'),
  'i',
);

// Zero-width and bidirectional controls, BOM, and Unicode tag characters: text a user cannot see.
const HIDDEN = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

/**
 * Screens the text of one tool definition (its JSON form, so parameter descriptions count too).
 * @param text at most a few hundred KiB (the schema gate bounds it before this runs).
 */
export function screenDescription(text: string): DescriptionAdvisory[] {
  return screenTexts(text, undefined);
}

/**
 * Screens a tool's display `title` and the canonical JSON text of its contract as
 * {@link screenDescription} screens `${title}\n${canonical}`, without building that text: no
 * pattern can match across the newline, because whatever crosses it (`\s`, a word boundary) must
 * then meet a word or `>`, and a canonical JSON text starts with `{`.
 */
export function screenContract(title: string | undefined, canonical: string): DescriptionAdvisory[] {
  return screenTexts(canonical, title);
}

function screenTexts(text: string, other: string | undefined): DescriptionAdvisory[] {
  const advisories: DescriptionAdvisory[] = [];
  if (ANY_INSTRUCTION.test(text) || (other !== undefined && ANY_INSTRUCTION.test(other)))
    advisories.push('instruction-like-text');
  if (HIDDEN.test(text) || (other !== undefined && HIDDEN.test(other))) advisories.push('hidden-characters');
  return advisories;
}
