// `gallery-elements/uploader`: registers <gallery-uploader> (guarded) and exports its class and events.
import '../elements/gallery-uploader/define.ts';

export * from '../elements/gallery-uploader/index.ts';
