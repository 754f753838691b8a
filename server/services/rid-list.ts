// The rid lists of asset and gallery operations: one rid or several, comma-separated.

/** Splits a comma list of rids: trimmed, no empties, each once. */
export function parseRidList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((rid) => rid.trim())
        .filter((rid) => rid !== ''),
    ),
  ];
}
