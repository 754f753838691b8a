// The words of the frame's error pages (a bad or expired upload link, a gallery gone, a bad parent_origin)
// in the languages the frame itself speaks, picked as the frame picks them: `locale=`, then the visitor's
// Accept-Language, then English.
export type FrameErrorReason = 'expired' | 'invalid' | 'gallery_gone' | 'bad_parent_origin';

export interface FrameErrorWords {
  title: string;
  reasons: Record<FrameErrorReason, string>;
  advice: string;
}

const WORDS: Record<'en' | 'de' | 'fr', FrameErrorWords> = {
  en: {
    title: 'Upload unavailable',
    reasons: {
      expired: 'This upload link has expired.',
      invalid: 'This upload link is not valid.',
      gallery_gone: 'The gallery of this upload link no longer exists.',
      bad_parent_origin: 'This upload link names a page address (parent_origin) that is not an origin.',
    },
    advice: 'Ask the site that sent you here for a new upload link.',
  },
  de: {
    title: 'Hochladen nicht möglich',
    reasons: {
      expired: 'Dieser Upload-Link ist abgelaufen.',
      invalid: 'Dieser Upload-Link ist ungültig.',
      gallery_gone: 'Die Galerie dieses Upload-Links gibt es nicht mehr.',
      bad_parent_origin: 'Dieser Upload-Link nennt eine Seitenadresse (parent_origin), die kein Origin ist.',
    },
    advice: 'Bitten Sie die Website, die Sie hierher geschickt hat, um einen neuen Upload-Link.',
  },
  fr: {
    title: 'Envoi impossible',
    reasons: {
      expired: 'Ce lien d’envoi a expiré.',
      invalid: 'Ce lien d’envoi n’est pas valide.',
      gallery_gone: 'La galerie de ce lien d’envoi n’existe plus.',
      bad_parent_origin:
        'Ce lien d’envoi indique une adresse de page (parent_origin) qui n’est pas une origine.',
    },
    advice: 'Demandez un nouveau lien d’envoi au site qui vous a envoyé ici.',
  },
};

export type FrameLanguage = keyof typeof WORDS;

const known = (tag: string): FrameLanguage | null => {
  const base = tag.trim().toLowerCase().split('-')[0] ?? '';
  return base in WORDS ? (base as FrameLanguage) : null;
};

/** `locale=` if the frame speaks it, else the first language of Accept-Language it speaks, else English. */
export function frameErrorLanguage(locale: unknown, acceptLanguage: string | undefined): FrameLanguage {
  if (typeof locale === 'string' && known(locale)) return known(locale) as FrameLanguage;
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of asked) {
    const language = known(tag);
    if (language) return language;
  }
  return 'en';
}

export const frameErrorWords = (language: FrameLanguage): FrameErrorWords => WORDS[language];
