// The text of the upload URL's answers, as the hosted service's clients read it (decisions.md "Wire
// behaviour"): the rid as group 2 of /new resource id (\d+) (.*)/ and as word 4 of line 6, and a failure
// known by the substring `error`, which no success text holds.

const offsetLine = (offset: number, total: number | null) => `offset ${offset} of ${total ?? '?'}`;

/** One line of plain text: a message never breaks the answer's lines. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** The file is complete: 7 lines, nothing user-controlled in them, the rid last on line 7 and word 4 of line 6. */
export function completeText(rid: string, total: number): string {
  return [
    'OK',
    'upload complete',
    'file received',
    `bytes ${total}`,
    'status stored',
    `asset rid is ${rid} ok`,
    `new resource id ${total} ${rid}`,
  ].join('\n');
}

/** A chunk stored or repeated, or a probe of an unfinished upload: the stored offset. */
export function chunkText(offset: number, total: number | null): string {
  return ['OK', 'chunk stored', offsetLine(offset, total)].join('\n');
}

/** Any refusal: `error` on line 1, then the code and message, and the stored offset when it is the reason. */
export function failureText(
  code: string,
  message: string,
  offset?: { offset: number; total: number | null },
): string {
  const lines = ['error', `code ${code}`, `message ${oneLine(message)}`];
  if (offset) lines.push(offsetLine(offset.offset, offset.total));
  return lines.join('\n');
}

/**
 * JSON whose text never holds the substring `error`: inside string values it is written `\u0065rror`
 * (same values once parsed), so even a file named error.jpg gives a success body a substring test passes.
 * Every `error` in JSON text lies inside a string (keys are strings too), so the escape is always valid.
 */
export function jsonWithoutError(value: unknown): string {
  return JSON.stringify(value).replaceAll('error', '\\u0065rror');
}
