// The uploader's words in English (inline in its chunk) and the shape of every language's table.
import type { LimitsWords } from '../limits-hint.ts';

export interface UploaderStrings extends LimitsWords {
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
  urlCaptionLabel: string;
  urlSubmit: string;
  urlCancel: string;
  urlProgress: string;
  urlDone: string;
  urlFailed: string;
  urlAborted: string;
}

/** Uppy's own strings we word for a language: its Dashboard's most visible ones (Uppy's format). */
export type UppyStrings = Record<string, string | Record<number, string>>;

/**
 * A language's table: our words, and the Dashboard strings that override Uppy's English (the full
 * locale of the language from @uppy/locales is laid under them when the table loads; English needs none).
 */
export type UploaderWords = UploaderStrings & { uppy?: UppyStrings };

/** An Uppy locale (e.g. from @uppy/locales): the element passes it to Uppy and the Dashboard. */
export interface UppyLocaleLike {
  strings: UppyStrings;
  pluralize?: (count: number) => number;
}

export const en: UploaderWords = {
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
  urlCaptionLabel: 'Caption (optional)',
  urlSubmit: 'Import',
  urlCancel: 'Cancel import',
  urlProgress: 'Importing {name}: {percent}%',
  urlDone: '{name} was imported.',
  urlFailed: 'Import of {name} failed: {message}',
  urlAborted: 'Import of {name} was cancelled.',
  limitTypes: '{types}',
  limitSize: 'up to {size} per file',
  limitFilesOne: 'one file at most',
  limitFilesOther: 'up to {count} files',
  typeImage: 'images',
  typeVideo: 'videos',
  typeAudio: 'audio',
};
