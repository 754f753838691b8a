// Shorthands for the parameter schemas of the table (plain data that ajv takes as it is).

/** Free text: at most `maxLength` characters (the service checks tighter limits with a clearer message). */
/* @__NO_SIDE_EFFECTS__ */
export function text(maxLength = 20000) {
  return { type: 'string', maxLength } as const;
}

/** An identifier that must not be empty (an empty value reads as missing). */
/* @__NO_SIDE_EFFECTS__ */
export function id(maxLength = 64) {
  return { type: 'string', minLength: 1, maxLength } as const;
}

/** One of the given words. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends readonly string[]>(words: T) {
  return { type: 'string', enum: words } as const;
}

/** A whole number from `minimum` to `maximum`. */
/* @__NO_SIDE_EFFECTS__ */
export function integer(minimum: number, maximum: number) {
  return { type: 'integer', minimum, maximum } as const;
}

export const YES_NO = oneOf(['yes', 'no']);
/** `page` and `items_per_page`: each operation caps them itself. */
export const PAGE = integer(1, 1_000_000_000);
