// `gallery-elements`: the API client, the element classes and their event types. Registers nothing, so
// an app can import it (or render on a server) and choose its own tag names; `gallery-elements/define`,
// `/uploader`, `/view` and `/live` register the tags.
export * from './api/index.ts';
export * from './elements/gallery-uploader/index.ts';
export * from './elements/gallery-view/index.ts';
export * from './elements/live-player/index.ts';
