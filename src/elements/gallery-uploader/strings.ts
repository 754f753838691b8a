// The uploader's own words in English, German and French, plus a few Dashboard strings for the same locales.

export interface UploaderStrings {
  caption: string;
  captionPlaceholder: string;
  description: string;
  descriptionPlaceholder: string;
  tags: string;
  referenceId: string;
  dashboardLabel: string;
  errorsHeading: string;
  dismissErrors: string;
  retrying: string;
  tooLarge: string;
  forbidden: string;
  tokenExpired: string;
  uploadUrlRefused: string;
  badRequest: string;
  notFound: string;
  serverError: string;
  networkError: string;
  notConfigured: string;
  urlLegend: string;
  urlLabel: string;
  urlCaptionLabel: string;
  urlSubmit: string;
  urlCancel: string;
  urlProgress: string;
  urlDone: string;
  urlFailed: string;
  urlAborted: string;
}

const en: UploaderStrings = {
  caption: 'Caption',
  captionPlaceholder: 'A short title shown with the media',
  description: 'Description',
  descriptionPlaceholder: 'A longer text about the media',
  tags: 'Tags',
  referenceId: 'Reference ID',
  dashboardLabel: 'Upload files to the gallery',
  errorsHeading: 'Upload problems',
  dismissErrors: 'Dismiss',
  retrying: 'Retrying {count} upload(s) after a passing failure…',
  tooLarge: 'The file is larger than the server accepts.',
  forbidden: 'Uploading is not allowed with these credentials.',
  tokenExpired: 'Your upload access has expired. Ask for a new upload link.',
  uploadUrlRefused: 'The server refused the upload address: it was changed or is no longer valid.',
  badRequest: 'The server refused the upload request.',
  notFound: 'The gallery was not found.',
  serverError: 'The server failed to store the file. Please try again.',
  networkError: 'The server could not be reached. Check the connection and try again.',
  notConfigured: 'The uploader needs a base URL and a token or an upload token.',
  urlLegend: 'Upload from a URL',
  urlLabel: 'File URL',
  urlCaptionLabel: 'Caption (optional)',
  urlSubmit: 'Import',
  urlCancel: 'Cancel import',
  urlProgress: 'Importing {name}: {percent}%',
  urlDone: '{name} was imported.',
  urlFailed: 'Import of {name} failed: {message}',
  urlAborted: 'Import of {name} was cancelled.',
};

const de: UploaderStrings = {
  caption: 'Bildunterschrift',
  captionPlaceholder: 'Ein kurzer Titel zum Medium',
  description: 'Beschreibung',
  descriptionPlaceholder: 'Ein längerer Text zum Medium',
  tags: 'Schlagwörter',
  referenceId: 'Referenz-ID',
  dashboardLabel: 'Dateien in die Galerie hochladen',
  errorsHeading: 'Probleme beim Hochladen',
  dismissErrors: 'Schließen',
  retrying: 'Neuer Versuch für {count} Upload(s) nach einem vorübergehenden Fehler …',
  tooLarge: 'Die Datei ist größer, als der Server annimmt.',
  forbidden: 'Mit diesen Zugangsdaten ist das Hochladen nicht erlaubt.',
  tokenExpired: 'Ihr Zugang zum Hochladen ist abgelaufen. Bitte fordern Sie einen neuen Upload-Link an.',
  uploadUrlRefused:
    'Der Server hat die Upload-Adresse abgelehnt: Sie wurde verändert oder ist nicht mehr gültig.',
  badRequest: 'Der Server hat die Anfrage abgelehnt.',
  notFound: 'Die Galerie wurde nicht gefunden.',
  serverError: 'Der Server konnte die Datei nicht speichern. Bitte erneut versuchen.',
  networkError: 'Der Server ist nicht erreichbar. Bitte Verbindung prüfen und erneut versuchen.',
  notConfigured: 'Der Uploader braucht eine Basis-URL und ein Token oder Upload-Token.',
  urlLegend: 'Von einer URL hochladen',
  urlLabel: 'Datei-URL',
  urlCaptionLabel: 'Bildunterschrift (optional)',
  urlSubmit: 'Importieren',
  urlCancel: 'Import abbrechen',
  urlProgress: '{name} wird importiert: {percent} %',
  urlDone: '{name} wurde importiert.',
  urlFailed: 'Import von {name} fehlgeschlagen: {message}',
  urlAborted: 'Import von {name} abgebrochen.',
};

const fr: UploaderStrings = {
  caption: 'Légende',
  captionPlaceholder: 'Un titre court affiché avec le média',
  description: 'Description',
  descriptionPlaceholder: 'Un texte plus long sur le média',
  tags: 'Mots-clés',
  referenceId: 'Identifiant de référence',
  dashboardLabel: 'Envoyer des fichiers dans la galerie',
  errorsHeading: 'Problèmes d’envoi',
  dismissErrors: 'Fermer',
  retrying: 'Nouvel essai pour {count} envoi(s) après un échec passager…',
  tooLarge: 'Le fichier dépasse la taille acceptée par le serveur.',
  forbidden: 'Ces identifiants ne permettent pas d’envoyer des fichiers.',
  tokenExpired: 'Votre accès pour envoyer des fichiers a expiré. Demandez un nouveau lien d’envoi.',
  uploadUrlRefused: 'Le serveur a refusé l’adresse d’envoi : elle a été modifiée ou n’est plus valide.',
  badRequest: 'Le serveur a refusé la requête d’envoi.',
  notFound: 'La galerie est introuvable.',
  serverError: 'Le serveur n’a pas pu enregistrer le fichier. Veuillez réessayer.',
  networkError: 'Le serveur est injoignable. Vérifiez la connexion et réessayez.',
  notConfigured: 'L’outil d’envoi a besoin d’une URL de base et d’un jeton ou d’un jeton d’envoi.',
  urlLegend: 'Importer depuis une URL',
  urlLabel: 'URL du fichier',
  urlCaptionLabel: 'Légende (facultative)',
  urlSubmit: 'Importer',
  urlCancel: 'Annuler l’import',
  urlProgress: 'Import de {name} : {percent} %',
  urlDone: '{name} a été importé.',
  urlFailed: 'L’import de {name} a échoué : {message}',
  urlAborted: 'L’import de {name} a été annulé.',
};

const STRINGS: Record<string, UploaderStrings> = { en, de, fr };

/** The languages the uploader speaks (its element resolves `locale` and the page's `lang` against them). */
export const LANGUAGES: readonly string[] = Object.keys(STRINGS);

/** The strings for a BCP 47 tag (`de-CH` falls back to `de`, anything unknown to English). */
export function stringsFor(locale: string | undefined): UploaderStrings {
  const language = (locale ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  return STRINGS[language] ?? en;
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * The Dashboard's most visible strings for our extra locales, used when the page passes no Uppy locale
 * of its own (full translations live in @uppy/locales, which we do not bundle).
 */
const DASHBOARD_STRINGS: Record<string, Record<string, string | Record<number, string>>> = {
  de: {
    dropPasteFiles: 'Dateien hierher ziehen oder %{browseFiles}',
    browseFiles: 'Dateien auswählen',
    // A button's visible text must be part of its accessible name (axe: label-content-name-mismatch).
    addMore: 'Weitere Dateien',
    addMoreFiles: 'Weitere Dateien hinzufügen',
    editFile: 'Datei bearbeiten',
    saveChanges: 'Änderungen speichern',
    save: 'Speichern',
    cancel: 'Abbrechen',
    done: 'Fertig',
    uploadComplete: 'Hochladen abgeschlossen',
    uploadFailed: 'Hochladen fehlgeschlagen',
    retry: 'Erneut versuchen',
    retryUpload: 'Hochladen erneut versuchen',
    uploadXFiles: { 0: '%{smart_count} Datei hochladen', 1: '%{smart_count} Dateien hochladen' },
  },
  fr: {
    dropPasteFiles: 'Déposez des fichiers ici ou %{browseFiles}',
    browseFiles: 'parcourez vos fichiers',
    addMore: 'Ajouter',
    addMoreFiles: 'Ajouter des fichiers',
    editFile: 'Modifier le fichier',
    saveChanges: 'Enregistrer les modifications',
    save: 'Enregistrer',
    cancel: 'Annuler',
    done: 'Terminé',
    uploadComplete: 'Envoi terminé',
    uploadFailed: 'Échec de l’envoi',
    retry: 'Réessayer',
    retryUpload: 'Réessayer l’envoi',
    uploadXFiles: { 0: 'Envoyer %{smart_count} fichier', 1: 'Envoyer %{smart_count} fichiers' },
  },
};

export interface UppyLocaleLike {
  strings: Record<string, string | Record<number, string>>;
  pluralize?: (count: number) => number;
}

/** A partial Uppy locale for our extra languages, or undefined for English (Uppy's default). */
export function dashboardLocaleFor(locale: string | undefined): UppyLocaleLike | undefined {
  const language = (locale ?? 'en').toLowerCase().split('-')[0] ?? 'en';
  const strings = DASHBOARD_STRINGS[language];
  if (!strings) return undefined;
  // German and French: singular for 1 only (French also for 0, which Uppy's counts rarely show).
  const pluralize = (count: number) => (count === 1 || (language === 'fr' && count === 0) ? 0 : 1);
  return { strings, pluralize };
}
