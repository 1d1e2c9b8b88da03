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
  const advisories: DescriptionAdvisory[] = [];
  if (ANY_INSTRUCTION.test(text)) advisories.push('instruction-like-text');
  if (HIDDEN.test(text)) advisories.push('hidden-characters');
  return advisories;
}
