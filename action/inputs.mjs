// Reading the action's inputs and writing its outputs the way @actions/core does, without depending on it.

import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** The input `name` as the runner passes it: INPUT_<NAME>, upper case, spaces as underscores (hyphens kept), trimmed. */
export function input(name) {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** A list input: items separated by commas, spaces or new lines. */
export function listInput(name) {
  return input(name)
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Splits one line of options like a shell would for words and quotes (no expansions). */
export function splitArgs(line) {
  const words = [];
  let word;
  let quote;
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (quote) throw new Error(`Unbalanced ${quote} in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** Sets a step output (GITHUB_OUTPUT, in the delimiter form so any value is safe). */
export function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Appends Markdown to the job summary, when the runner offers one. */
export function summary(markdown) {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, `${markdown}\n`);
}
